package dev.paperorchestra.content.integrity;

import dev.paperorchestra.model.finding.Finding;
import dev.paperorchestra.model.finding.Gate;
import dev.paperorchestra.model.tex.TexCommand;
import dev.paperorchestra.model.tex.TexFloat;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * Figures: every rendered figure is included exactly once under its exact file name ({@code figures/<name>}),
 * its float has a label that the text references, and it stands before the conclusion unless it is in the
 * appendix; and every {@code \includegraphics} names a file that exists: a figure under figures/, or a file of
 * the template's kit beside paper.tex (its {@code sampleteaser.pdf}), which LaTeX finds with or without its
 * extension.
 */
public final class FigureGate {

    private static final String DIRECTORY = "figures/";
    /** The extensions pdfLaTeX tries, in its order, for an {@code \includegraphics} without one. */
    private static final List<String> GRAPHICS_EXTENSIONS = List.of(".pdf", ".png", ".jpg", ".jpeg", ".eps",
            ".jbig2", ".jb2", ".mps");

    private FigureGate() {
    }

    /**
     * @param figureFiles    the file names the paper must include, e.g. "fig_sweep.pdf"
     * @param availableFiles the file names present under figures/
     */
    public static GateResult check(String tex, List<String> figureFiles, Set<String> availableFiles) {
        return check(tex, figureFiles, availableFiles, Set.of());
    }

    /**
     * @param kitFiles the template kit's files beside paper.tex, as paths relative to it
     */
    public static GateResult check(String tex, List<String> figureFiles, Set<String> availableFiles,
            Set<String> kitFiles) {
        PaperText paper = new PaperText(tex);
        List<Include> includes = includes(paper);
        List<Finding> findings = new ArrayList<>();
        int conclusion = paper.conclusionStart();
        int appendix = paper.appendixStart();
        Set<String> referenced = referencedLabels(paper);
        for (String file : figureFiles) {
            String expected = DIRECTORY + file;
            List<Include> uses = includes.stream().filter(include -> include.path.equals(expected)).toList();
            if (uses.isEmpty()) {
                boolean renamed = includes.stream().anyMatch(include -> include.path.endsWith(stem(file))
                        || stem(include.path).endsWith(stem(file)));
                findings.add(renamed
                        ? Finding.of(Gate.FIGURES, "figure.renamed", expected + " is not included under its exact "
                                + "name (an \\includegraphics names it differently; use " + expected + ")")
                        : Finding.of(Gate.FIGURES, "figure.not-included", expected + " is not included; add one "
                                + "figure float with \\includegraphics{" + expected + "}"));
                continue;
            }
            Include first = uses.getFirst();
            if (uses.size() > 1) {
                findings.add(paper.at(Gate.FIGURES, "figure.included-twice", uses.get(1).offset, expected
                        + " is included " + uses.size() + " times; include each figure once"));
            }
            if (first.label == null) {
                findings.add(paper.at(Gate.FIGURES, "figure.no-label", first.offset, expected + " (line "
                        + paper.line(first.offset) + ") has no \\label in its figure float"));
            } else if (!referenced.contains(first.label)) {
                findings.add(paper.at(Gate.FIGURES, "figure.not-referenced", first.offset, expected + " (label "
                        + first.label + ") is never referenced with \\ref in the text"));
            }
            boolean inAppendix = appendix >= 0 && first.offset > appendix;
            if (!inAppendix && conclusion >= 0 && first.offset > conclusion) {
                findings.add(paper.at(Gate.FIGURES, "figure.after-conclusion", first.offset, expected + " (line "
                        + paper.line(first.offset) + ") stands after the conclusion; move it before the conclusion "
                        + "or into the appendix"));
            }
        }
        for (Include include : includes) {
            String name = include.path.startsWith(DIRECTORY) ? include.path.substring(DIRECTORY.length())
                    : include.path;
            if (!availableFiles.contains(name) && !availableFiles.contains(include.path)
                    && !inKit(include.path, kitFiles)) {
                findings.add(paper.at(Gate.FIGURES, "figure.file-missing", include.offset, "\\includegraphics{"
                        + include.path + "} (line " + paper.line(include.offset) + ") names a file that does not "
                        + "exist; available: " + (availableFiles.isEmpty() ? "none"
                        : availableFiles.stream().sorted().map(file -> DIRECTORY + file).toList())));
            }
        }
        return new GateResult(Gate.FIGURES, figureFiles.size() + includes.size(), findings);
    }

    /** Whether the kit holds the file, as written or with one of the extensions LaTeX tries. */
    private static boolean inKit(String path, Set<String> kitFiles) {
        String relative = path.startsWith("./") ? path.substring(2) : path;
        if (kitFiles.contains(relative)) {
            return true;
        }
        String name = relative.substring(relative.lastIndexOf('/') + 1);
        if (name.contains(".") && GRAPHICS_EXTENSIONS.contains(name.substring(name.lastIndexOf('.'))
                .toLowerCase(Locale.ROOT))) {
            return false;
        }
        return GRAPHICS_EXTENSIONS.stream().anyMatch(extension -> kitFiles.contains(relative + extension));
    }

    private record Include(String path, int offset, @Nullable String label) {
    }

    private static List<Include> includes(PaperText paper) {
        List<TexFloat> floats = paper.document.floats();
        List<Include> includes = new ArrayList<>();
        for (TexCommand include : paper.document.commands("includegraphics")) {
            String label = floats.stream().filter(figure -> figure.environment().span().contains(include.span()))
                    .reduce((outer, inner) -> inner).flatMap(figure -> figure.labels().stream().findFirst())
                    .map(command -> command.lastText().strip()).orElse(null);
            includes.add(new Include(include.lastText().strip(), include.start(), label));
        }
        return includes;
    }

    private static Set<String> referencedLabels(PaperText paper) {
        Set<String> labels = new HashSet<>();
        for (TexCommand ref : paper.document.commands(CitationGate.REFERENCES)) {
            for (String label : ref.lastText().split(",")) {
                labels.add(label.strip());
            }
        }
        return labels;
    }

    private static String stem(String path) {
        String name = path.substring(path.lastIndexOf('/') + 1);
        int dot = name.lastIndexOf('.');
        return dot > 0 ? name.substring(0, dot) : name;
    }
}
