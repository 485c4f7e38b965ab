package dev.paperorchestra.content.materials;

import dev.paperorchestra.base.errors.InvalidMaterialsException;
import dev.paperorchestra.model.tex.TexPrimitives;
import java.util.ArrayList;
import java.util.List;
import dev.paperorchestra.model.tex.DocumentClass;
import dev.paperorchestra.model.tex.TexCommand;
import dev.paperorchestra.model.tex.TexDocument;

/**
 * The venue's template: its preamble, the {@code \section} skeleton and the layout.
 *
 * @param source    the template text
 * @param sections  section titles in order
 * @param twoColumn true when the document class asks for two columns
 */
public record LatexTemplate(String source, List<String> sections, boolean twoColumn) {

    public static final String FILE = "template.tex";
    /** Classes whose default layout is two columns. */
    private static final java.util.Set<String> TWO_COLUMN_CLASSES = java.util.Set.of("IEEEtran", "cvpr", "iccv",
            "wacv", "sig-alternate", "aaai", "aaai24", "aaai25", "ijcai", "icml2025", "acl");

    public LatexTemplate {
        sections = List.copyOf(sections);
    }

    /**
     * Reads and checks a template.
     *
     * @throws InvalidMaterialsException naming template.tex when it is empty, has no document class, no
     *                                   {@code \begin{document}} / {@code \end{document}} or no {@code \section},
     *                                   or uses TeX that reads files or runs commands ({@link TexPrimitives})
     */
    public static LatexTemplate parse(String source) {
        if (source.isBlank()) {
            throw new InvalidMaterialsException(FILE, "the template is empty");
        }
        TexDocument document = TexDocument.parse(source);
        DocumentClass documentClass = document.documentClass().orElseThrow(() -> new InvalidMaterialsException(FILE,
                "no \\documentclass found; is this a LaTeX template?"));
        List<String> environments = document.commands("begin", "end").stream()
                .filter(command -> command.text(0).strip().equals("document")).map(TexCommand::name).toList();
        if (!environments.contains("begin")) {
            throw new InvalidMaterialsException(FILE, "no \\begin{document}; the template must be a complete document");
        }
        if (!environments.contains("end")) {
            throw new InvalidMaterialsException(FILE, "no \\end{document}; the template is truncated");
        }
        List<TexPrimitives.Finding> forbidden = TexPrimitives.scan(source);
        if (!forbidden.isEmpty()) {
            throw new InvalidMaterialsException(FILE, TexPrimitives.describe(forbidden));
        }
        List<String> sections = document.sections().stream().filter(section -> section.level() == 1)
                .map(section -> section.title().strip()).toList();
        if (sections.isEmpty()) {
            throw new InvalidMaterialsException(FILE, "no \\section{...} commands; the sections are the paper's skeleton");
        }
        return new LatexTemplate(source, sections, twoColumn(documentClass.name(),
                String.join(",", documentClass.options())));
    }

    /**
     * Two columns when the class options ask for them, or when the class sets two columns by default (IEEE and
     * ACM conference formats, CVPR/ICCV/ECCV-style classes) and the options do not ask for one column.
     */
    static boolean twoColumn(String documentClass, String options) {
        if (options.contains("onecolumn")) {
            return false;
        }
        return options.contains("twocolumn") || TWO_COLUMN_CLASSES.contains(documentClass)
                || documentClass.equals("acmart") && java.util.Arrays.stream(options.split(","))
                        .map(String::strip).anyMatch(option -> option.equals("sigconf") || option.equals("sigplan"));
    }

    /** The document class named in {@code \\documentclass}, e.g. "article". */
    public String documentClass() {
        return TexDocument.parse(source).documentClass().map(DocumentClass::name).orElse("");
    }

    /** Everything before {@code \begin{document}}. */
    public String preamble() {
        TexDocument document = TexDocument.parse(source);
        return document.commands("begin").stream().filter(command -> command.text(0).strip().equals("document"))
                .findFirst().map(command -> source.substring(0, command.start())).orElse(source);
    }

    /** Finds a section whose title contains any of the given words (case-insensitive). */
    public java.util.Optional<String> sectionMatching(String... words) {
        for (String title : sections) {
            String lower = title.toLowerCase(java.util.Locale.ROOT);
            for (String word : words) {
                if (lower.contains(word.toLowerCase(java.util.Locale.ROOT))) {
                    return java.util.Optional.of(title);
                }
            }
        }
        return java.util.Optional.empty();
    }
}
