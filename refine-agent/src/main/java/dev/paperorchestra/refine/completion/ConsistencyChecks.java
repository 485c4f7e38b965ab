package dev.paperorchestra.refine.completion;

import dev.paperorchestra.content.materials.LatexReferences;
import dev.paperorchestra.model.tex.TexDocument;
import dev.paperorchestra.schemas.CompileReport;
import dev.paperorchestra.schemas.CompileStatus;
import dev.paperorchestra.schemas.Figure;
import dev.paperorchestra.schemas.NamedArtifact;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/** The checks every finished paper reports in summary.json: does it compile, and do its references resolve. */
public final class ConsistencyChecks {

    public static final String COMPILED = "compiled";
    public static final String CITATIONS = "every \\cite key is in references.bib";
    public static final String FIGURES = "every \\includegraphics file is among the figures";
    /** The image files a template's kit brings beside paper.tex (its sample teaser): present at every compile. */
    private static final Set<String> KIT_IMAGES = Set.of("pdf", "png", "jpg", "jpeg", "eps");

    private ConsistencyChecks() {
    }

    /**
     * @param tex            the final LaTeX
     * @param compile        how compiling it went
     * @param bibtex         references.bib
     * @param figures        the pipeline's figures
     * @param authorFigures  the author's own figures from the materials
     * @param kitFiles       the template kit's files (its images lie beside paper.tex at every compile)
     */
    public static List<SummaryCheck> run(String tex, CompileReport compile, String bibtex, List<Figure> figures,
            List<NamedArtifact> authorFigures, List<NamedArtifact> kitFiles) {
        List<NamedArtifact> present = new ArrayList<>(authorFigures);
        kitFiles.stream().filter(file -> KIT_IMAGES.contains(extension(file.getName()))).forEach(present::add);
        return List.of(compiled(compile), citations(tex, bibtex), figures(tex, figures, present));
    }

    private static String extension(String name) {
        int dot = name.lastIndexOf('.');
        return dot < 0 ? "" : name.substring(dot + 1).toLowerCase(Locale.ROOT);
    }

    static SummaryCheck compiled(CompileReport compile) {
        return new SummaryCheck(COMPILED, compile.getStatus() == CompileStatus.COMPILED,
                compile.getStatus().name() + ": " + compile.getMessage());
    }

    static SummaryCheck citations(String tex, String bibtex) {
        List<String> cited = TexDocument.parse(tex).citedKeys().stream().filter(key -> !key.equals("*")).toList();
        Set<String> defined = LatexReferences.bibKeys(bibtex);
        List<String> missing = cited.stream().filter(key -> !defined.contains(key)).toList();
        String detail = missing.isEmpty()
                ? cited.size() + " cited keys, all in references.bib (" + defined.size() + " entries)"
                : missing.size() + " of " + cited.size() + " cited keys are not in references.bib: "
                        + String.join(", ", missing);
        return new SummaryCheck(CITATIONS, missing.isEmpty(), detail);
    }

    static SummaryCheck figures(String tex, List<Figure> figures, List<NamedArtifact> authorFigures) {
        Set<String> known = new HashSet<>();
        for (Figure figure : figures) {
            addNames(known, figure.getFileName());
            addNames(known, figure.getFigureId() + ".png");
        }
        authorFigures.forEach(artifact -> addNames(known, artifact.getName()));
        List<String> included = TexDocument.parse(tex).commands("includegraphics").stream()
                .map(command -> command.lastText().strip()).toList();
        List<String> unknown = included.stream().filter(file -> !known.contains(normalise(file))).toList();
        String detail = included.isEmpty() ? "no \\includegraphics in the paper"
                : unknown.isEmpty() ? included.size() + " included files, all among the "
                        + (figures.size() + authorFigures.size()) + " figures"
                        : unknown.size() + " of " + included.size() + " included files are not among the figures: "
                                + String.join(", ", unknown);
        return new SummaryCheck(FIGURES, unknown.isEmpty(), detail);
    }

    /** A figure may be included with or without its extension (LaTeX tries the known ones). */
    private static void addNames(Set<String> known, String fileName) {
        String name = normalise(fileName);
        known.add(name);
        int dot = name.lastIndexOf('.');
        if (dot > 0) {
            known.add(name.substring(0, dot));
        }
    }

    private static String normalise(String path) {
        String name = path.strip().replace('\\', '/');
        while (name.startsWith("./")) {
            name = name.substring(2);
        }
        if (name.startsWith("figures/")) {
            name = name.substring("figures/".length());
        }
        return name.toLowerCase(Locale.ROOT);
    }
}
