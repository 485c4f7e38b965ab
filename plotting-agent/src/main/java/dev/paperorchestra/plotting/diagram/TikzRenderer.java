package dev.paperorchestra.plotting.diagram;

import dev.paperorchestra.plotting.render.FigureSize;
import dev.paperorchestra.content.latex.CompileJob;
import dev.paperorchestra.content.latex.CompileOutcome;
import dev.paperorchestra.content.latex.LatexCompiler;
import dev.paperorchestra.runtime.figures.PageImages;
import java.util.Locale;
import java.util.Map;

/**
 * Renders a TikZ picture through the runtime's LaTeX compiler (sandboxed, no shell escape, dangerous
 * primitives refused before TeX runs): a standalone document whose only content is the picture scaled to exactly
 * the planned printed size; the PNG is the PDF's page rendered at the figure's resolution.
 */
public final class TikzRenderer implements DiagramRenderer {

    private final LatexCompiler compiler;
    private final int maxSourceChars;

    public TikzRenderer(LatexCompiler compiler, int maxSourceChars) {
        this.compiler = compiler;
        this.maxSourceChars = maxSourceChars;
    }

    @Override
    public Result render(String source, FigureSize size, int dpi) {
        if (source.length() > maxSourceChars) {
            return new Failed("the TikZ source has " + source.length() + " characters, over the limit of "
                    + maxSourceChars);
        }
        if (!source.contains("\\begin{tikzpicture}") || source.contains("\\documentclass")
                || source.contains("\\begin{document}")) {
            return new Failed("the TikZ source must be one tikzpicture environment, without a preamble");
        }
        String tex = String.format(Locale.ROOT, """
                \\documentclass{standalone}
                \\usepackage{tikz}
                \\usetikzlibrary{arrows.meta,positioning,shapes.geometric,fit,calc}
                \\begin{document}
                \\resizebox{%.3fin}{%.3fin}{%%
                %s
                }
                \\end{document}
                """, size.widthInches(), size.heightInches(), source.strip());
        return switch (compiler.compile(new CompileJob("diagram", tex, "", Map.of()))) {
            case CompileOutcome.Compiled compiled -> new Drawn(compiled.pdf(),
                    PageImages.render(compiled.pdf(), 1, dpi).getFirst().content());
            case CompileOutcome.Failed failed -> new Failed("LaTeX could not compile the TikZ picture: "
                    + failed.message());
            case CompileOutcome.Skipped skipped -> new Failed(skipped.reason());
        };
    }
}
