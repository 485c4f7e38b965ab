package dev.paperorchestra.model.markdown;

import java.util.ArrayList;
import java.util.List;

/**
 * The bound on emphasis that every Markdown reading goes through. CommonMark's delimiter processing is
 * super-linear on emphasis marks nested deep ({@code *_*_...} then {@code _*_*...}: 128 KiB took 5 s and 512 KiB
 * three minutes in commonmark-java 0.32), and no prose has thousands of them in one paragraph. So a paragraph
 * (here: a run of non-blank lines, which holds every paragraph CommonMark can see there) with more than
 * {@value #MAX_MARKS} marks is read as plain text: its {@code *} and {@code _} are set aside as private-use
 * characters of the same length before parsing (lines and offsets stay where they were) and put back in every
 * text the reader hands out. List markers and rules at the start of a line keep their meaning; only the
 * paragraph's emphasis is lost, and {@link Flattened} says where.
 */
public final class EmphasisBudget {

    /** Emphasis marks one paragraph may hold and still be read as inline Markdown. */
    public static final int MAX_MARKS = 1024;
    static final char STAR = '\uE002';
    static final char UNDERSCORE = '\uE003';

    /**
     * A paragraph read as plain text because it holds too many emphasis marks.
     *
     * @param line  1-based line where the paragraph starts
     * @param marks how many emphasis marks ({@code *}, and {@code _} not inside a word) it holds
     */
    public record Flattened(int line, int marks) {

        /** One sentence naming the file and line, as the materials notes print it. */
        public String message(String file) {
            return file + ": line " + line + ": a paragraph with " + marks + " emphasis marks (* and _; at most "
                    + MAX_MARKS + " are read as emphasis) is read as plain text, its marks kept as written";
        }
    }

    /** Text ready for the parser, and the paragraphs that were flattened in it. */
    record Checked(String text, List<Flattened> flattened) {

        /** Text the parser handed out with the set-aside marks back as written. */
        String original(String parsed) {
            if (flattened.isEmpty() || parsed.indexOf(STAR) < 0 && parsed.indexOf(UNDERSCORE) < 0) {
                return parsed;
            }
            return parsed.replace(STAR, '*').replace(UNDERSCORE, '_');
        }
    }

    private EmphasisBudget() {
    }

    /** The paragraphs of {@code markdown} (as written, math included) that would be read as plain text. */
    public static List<Flattened> flattened(String markdown) {
        return check(MathSpans.protect(markdown).text()).flattened();
    }

    /** One pass over the lines: count each paragraph's marks, flatten the paragraphs over budget. */
    static Checked check(String text) {
        List<Flattened> flattened = new ArrayList<>();
        char[] out = null;
        int length = text.length();
        int start = 0;
        int line = 1;
        int paragraphStart = -1;
        int paragraphLine = 0;
        int marks = 0;
        while (start <= length) {
            int end = lineEnd(text, start, length);
            boolean blank = blank(text, start, end);
            if (!blank && paragraphStart < 0) {
                paragraphStart = start;
                paragraphLine = line;
                marks = 0;
            }
            if (!blank) {
                marks += marks(text, start, end);
            }
            if ((blank || end == length) && paragraphStart >= 0) {
                int paragraphEnd = blank ? start : end;
                if (marks > MAX_MARKS) {
                    if (out == null) {
                        out = text.toCharArray();
                    }
                    flatten(text, paragraphStart, paragraphEnd, out);
                    flattened.add(new Flattened(paragraphLine, marks));
                }
                paragraphStart = -1;
            }
            start = end < length && text.charAt(end) == '\r' && end + 1 < length && text.charAt(end + 1) == '\n'
                    ? end + 2 : end + 1;
            line++;
        }
        return new Checked(out == null ? text : new String(out), List.copyOf(flattened));
    }

    /** Where the line from {@code from} ends: LF, CR and CRLF end lines, as in CommonMark. */
    private static int lineEnd(String text, int from, int to) {
        for (int i = from; i < to; i++) {
            char c = text.charAt(i);
            if (c == '\n' || c == '\r') {
                return i;
            }
        }
        return to;
    }

    private static boolean blank(String text, int from, int to) {
        for (int i = from; i < to; i++) {
            if (!Character.isWhitespace(text.charAt(i))) {
                return false;
            }
        }
        return true;
    }

    private static int marks(String text, int from, int to) {
        int marks = 0;
        for (int i = from; i < to; i++) {
            char c = text.charAt(i);
            if (c == '*' || c == '_' && !intraword(text, i, from, to)) {
                marks++;
            }
        }
        return marks;
    }

    /** An underscore between letters or digits (snake_case) is never emphasis. */
    private static boolean intraword(String text, int i, int from, int to) {
        return i > from && i + 1 < to && Character.isLetterOrDigit(text.charAt(i - 1))
                && Character.isLetterOrDigit(text.charAt(i + 1));
    }

    private static void flatten(String text, int from, int to, char[] out) {
        int lineStart = from;
        while (lineStart < to) {
            int lineEnd = lineEnd(text, lineStart, to);
            int i = lineStart;
            while (i < lineEnd && (text.charAt(i) == ' ' || text.charAt(i) == '\t' || text.charAt(i) == '>')) {
                i++;
            }
            if (!rule(text, i, lineEnd)) {
                if (i < lineEnd && text.charAt(i) == '*' && (i + 1 == lineEnd || text.charAt(i + 1) == ' '
                        || text.charAt(i + 1) == '\t')) {
                    i++;
                }
                for (; i < lineEnd; i++) {
                    char c = text.charAt(i);
                    if (c == '*') {
                        out[i] = STAR;
                    } else if (c == '_') {
                        out[i] = UNDERSCORE;
                    }
                }
            }
            lineStart = lineEnd + 1;
        }
    }

    /** A thematic break ({@code ***}, {@code _ _ _}, {@code ---}): kept, it is no emphasis. */
    private static boolean rule(String text, int from, int to) {
        if (from >= to) {
            return false;
        }
        char first = text.charAt(from);
        if (first != '*' && first != '_' && first != '-') {
            return false;
        }
        for (int i = from; i < to; i++) {
            char c = text.charAt(i);
            if (c != first && c != ' ' && c != '\t') {
                return false;
            }
        }
        return true;
    }
}
