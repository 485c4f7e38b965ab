package dev.paperorchestra.content.materials;

import dev.paperorchestra.runtime.errors.InvalidMaterialsException;
import dev.paperorchestra.content.latex.TexPrimitives;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The venue's template: its preamble, the {@code \section} skeleton and the layout.
 *
 * @param source    the template text
 * @param sections  section titles in order
 * @param twoColumn true when the document class asks for two columns
 */
public record LatexTemplate(String source, List<String> sections, boolean twoColumn) {

    public static final String FILE = "template.tex";
    private static final Pattern SECTION = Pattern.compile("(?m)^[^%\\n]*?\\\\section\\*?\\{([^}]*)}");
    /** Classes whose default layout is two columns. */
    private static final java.util.Set<String> TWO_COLUMN_CLASSES = java.util.Set.of("IEEEtran", "cvpr", "iccv",
            "wacv", "sig-alternate", "aaai", "aaai24", "aaai25", "ijcai", "icml2025", "acl");
    private static final Pattern DOCUMENT_CLASS = Pattern.compile("\\\\documentclass(\\[([^\\]]*)])?\\{([^}]*)}");

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
        Matcher documentClass = DOCUMENT_CLASS.matcher(source);
        if (!documentClass.find()) {
            throw new InvalidMaterialsException(FILE, "no \\documentclass found; is this a LaTeX template?");
        }
        if (!source.contains("\\begin{document}")) {
            throw new InvalidMaterialsException(FILE, "no \\begin{document}; the template must be a complete document");
        }
        if (!source.contains("\\end{document}")) {
            throw new InvalidMaterialsException(FILE, "no \\end{document}; the template is truncated");
        }
        List<TexPrimitives.Finding> forbidden = TexPrimitives.scan(source);
        if (!forbidden.isEmpty()) {
            throw new InvalidMaterialsException(FILE, TexPrimitives.describe(forbidden));
        }
        List<String> sections = new ArrayList<>();
        Matcher section = SECTION.matcher(source.substring(source.indexOf("\\begin{document}")));
        while (section.find()) {
            sections.add(section.group(1).strip());
        }
        if (sections.isEmpty()) {
            throw new InvalidMaterialsException(FILE, "no \\section{...} commands; the sections are the paper's skeleton");
        }
        String options = documentClass.group(2) == null ? "" : documentClass.group(2);
        return new LatexTemplate(source, sections, twoColumn(documentClass.group(3).strip(), options));
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
                || (documentClass.equals("acmart") && options.matches(".*\\b(sigconf|sigplan)\\b.*"));
    }

    /** The document class named in {@code \\documentclass}, e.g. "article". */
    public String documentClass() {
        Matcher matcher = DOCUMENT_CLASS.matcher(source);
        return matcher.find() ? matcher.group(3).strip() : "";
    }

    /** Everything before {@code \begin{document}}. */
    public String preamble() {
        return source.substring(0, source.indexOf("\\begin{document}"));
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
