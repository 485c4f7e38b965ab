package dev.paperorchestra.writer.latex;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Replaces the body of one {@code \section}, like the runtime's {@code LatexSections.replaceBody}, with one
 * difference that templates need: a group the old body opens and does not close (the {@code {\small} that wraps a
 * bibliography) belongs to what follows the section and is kept, so the document stays balanced.
 */
public final class SectionBody {

    private static final String END_OF_BODY =
            "\\\\section\\*?\\{|\\\\bibliographystyle|\\\\bibliography\\{|\\\\appendix\\b|\\\\end\\{document}";

    private SectionBody() {
    }

    /**
     * @throws IllegalArgumentException when the document has no section with this title
     */
    public static String replace(String document, String sectionTitle, String newBody) {
        Matcher start = Pattern.compile("\\\\section\\*?\\{" + Pattern.quote(sectionTitle)
                + "}(\\s*\\\\label\\{[^}]*})?").matcher(document);
        if (!start.find()) {
            throw new IllegalArgumentException("no \\section{" + sectionTitle + "} in the document");
        }
        int next = Tex.find(document, END_OF_BODY, start.end());
        int bodyEnd = next < 0 ? document.length()
                : Math.max(start.end(), document.lastIndexOf('\n', next - 1) + 1);
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
}
