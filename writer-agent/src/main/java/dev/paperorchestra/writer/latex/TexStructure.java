package dev.paperorchestra.writer.latex;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Small structural facts about a LaTeX document, read the way TeX would (comments ignored). */
public final class TexStructure {

    public static final String BEGIN_DOCUMENT = "\\begin{document}";
    public static final String END_DOCUMENT = "\\end{document}";

    private TexStructure() {
    }

    /**
     * Where a match of the regular expression starts outside comments, or -1.
     *
     * @param regex e.g. {@code \\bibliography\{}
     */
    public static int find(String tex, String regex, int from) {
        Matcher matcher = Pattern.compile(regex).matcher(tex);
        int at = from;
        while (at <= tex.length() && matcher.find(at)) {
            if (!commentedOut(tex, matcher.start())) {
                return matcher.start();
            }
            at = matcher.start() + 1;
        }
        return -1;
    }

    /** True when an unescaped % earlier on the same line makes this position part of a comment. */
    public static boolean commentedOut(String tex, int index) {
        int lineStart = tex.lastIndexOf('\n', index - 1) + 1;
        for (int i = lineStart; i < index; i++) {
            char c = tex.charAt(i);
            if (c == '\\') {
                i++;
            } else if (c == '%') {
                return true;
            }
        }
        return false;
    }

    /** Index just after the brace group that opens at {@code open} (which must be a '{'), or -1. */
    public static int closingBrace(String tex, int open) {
        int depth = 0;
        for (int i = open; i < tex.length(); i++) {
            char c = tex.charAt(i);
            if (c == '\\') {
                i++;
            } else if (c == '{') {
                depth++;
            } else if (c == '}' && --depth == 0) {
                return i + 1;
            }
        }
        return -1;
    }

    /** Inserts text on its own line(s) right before the line holding {@code index}. */
    public static String insertLinesBefore(String tex, int index, String lines) {
        int lineStart = tex.lastIndexOf('\n', index - 1) + 1;
        return tex.substring(0, lineStart) + lines.strip() + "\n" + tex.substring(lineStart);
    }
}
