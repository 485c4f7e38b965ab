package dev.paperorchestra.runtime.materials;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Replaces the body of one {@code \section} of a LaTeX document, leaving every other section untouched. The
 * body runs to the next {@code \section}, the bibliography, an appendix or {@code \end{document}}.
 */
public final class LatexSections {

    private static final Pattern END_OF_BODY = Pattern.compile(
            "(?m)^[^%\\n]*?(\\\\section\\*?\\{|\\\\bibliographystyle|\\\\bibliography\\{|\\\\appendix|\\\\end\\{document})");

    private LatexSections() {
    }

    /**
     * @throws IllegalArgumentException when the document has no section with this title
     */
    public static String replaceBody(String document, String sectionTitle, String newBody) {
        Matcher start = Pattern.compile("\\\\section\\*?\\{" + Pattern.quote(sectionTitle) + "}(\\s*\\\\label\\{[^}]*})?")
                .matcher(document);
        if (!start.find()) {
            throw new IllegalArgumentException("no \\section{" + sectionTitle + "} in the document");
        }
        Matcher end = END_OF_BODY.matcher(document);
        int bodyEnd = end.find(start.end()) ? end.start() : document.length();
        return document.substring(0, start.end()) + "\n" + newBody.strip() + "\n\n" + document.substring(bodyEnd);
    }

    /** Replaces the body of the abstract environment, when the document has one. */
    public static String replaceAbstract(String document, String newBody) {
        int begin = document.indexOf("\\begin{abstract}");
        int end = document.indexOf("\\end{abstract}");
        if (begin < 0 || end < begin) {
            return document;
        }
        return document.substring(0, begin + "\\begin{abstract}".length()) + "\n" + newBody.strip() + "\n"
                + document.substring(end);
    }
}
