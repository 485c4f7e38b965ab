package dev.paperorchestra.content.materials;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Replaces the body of one {@code \section} of a LaTeX document, leaving every other section untouched. The
 * body runs to the line of the next {@code \section}, the bibliography, an appendix or {@code \end{document}};
 * a group the old body opened and never closed (templates wrap the bibliography in {@code {\small ... }}) is
 * kept, so the document stays balanced.
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
        Matcher start = Pattern.compile("\\\\section\\*?\\{\\s*" + Pattern.quote(sectionTitle.strip())
                + "\\s*}(\\s*\\\\label\\{[^}]*})?").matcher(document);
        if (!start.find()) {
            throw new IllegalArgumentException("no \\section{" + sectionTitle + "} in the document");
        }
        Matcher end = END_OF_BODY.matcher(document);
        int bodyEnd = end.find(start.end()) ? Math.max(start.end(), end.start()) : document.length();
        String kept = unclosedTail(document.substring(start.end(), bodyEnd));
        return document.substring(0, start.end()) + "\n" + newBody.strip() + "\n\n" + kept
                + document.substring(bodyEnd);
    }

    /** From the line of the first brace the text opens and never closes, or "" when it is balanced. */
    static String unclosedTail(String body) {
        Deque<Integer> open = new ArrayDeque<>();
        for (int i = 0; i < body.length(); i++) {
            char c = body.charAt(i);
            if (c == '\\') {
                i++;
            } else if (c == '%') {
                int lineEnd = body.indexOf('\n', i);
                i = lineEnd < 0 ? body.length() : lineEnd;
            } else if (c == '{') {
                open.push(i);
            } else if (c == '}' && !open.isEmpty()) {
                open.pop();
            }
        }
        if (open.isEmpty()) {
            return "";
        }
        int first = open.getLast();
        return body.substring(body.lastIndexOf('\n', first) + 1);
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
