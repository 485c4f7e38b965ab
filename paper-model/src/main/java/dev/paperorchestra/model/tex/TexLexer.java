package dev.paperorchestra.model.tex;

import dev.paperorchestra.model.tex.TexToken.Kind;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Splits LaTeX source into {@link TexToken}s in one pass, linear in the length of the source whatever it holds.
 * Category codes are TeX's defaults, with {@code @} a letter in class and package files and between
 * {@code \makeatletter} and {@code \makeatother}. Verbatim environments, {@code \verb} and {@code \lstinline}
 * are kept as one {@link Kind#VERBATIM} token each, so nothing inside them reads as a command or a comment.
 */
final class TexLexer {

    /** Environments whose body TeX reads with its own category codes: untokenized here. */
    static final Set<String> VERBATIM_ENVIRONMENTS = Set.of("verbatim", "verbatim*", "Verbatim", "Verbatim*",
            "BVerbatim", "LVerbatim", "lstlisting", "minted", "comment", "filecontents", "filecontents*",
            "alltt*");

    private final String source;
    private final List<TexToken> tokens = new ArrayList<>();
    private boolean atLetter;
    private int position;
    /** The next ']' and line end found so far: searched forward once, as the lexer only moves forward (-2: not yet). */
    private int nextBracket = -2;
    private int nextLineEnd = -2;

    private TexLexer(String source, boolean atLetter) {
        this.source = source;
        this.atLetter = atLetter;
    }

    /**
     * @param atLetter true for class and package files, where {@code @} is a letter in command names
     */
    static List<TexToken> tokens(String source, boolean atLetter) {
        TexLexer lexer = new TexLexer(source, atLetter);
        lexer.run();
        return lexer.tokens;
    }

    private void run() {
        int length = source.length();
        while (position < length) {
            char c = source.charAt(position);
            switch (c) {
                case '\\' -> command();
                case '{' -> single(Kind.BEGIN_GROUP);
                case '}' -> single(Kind.END_GROUP);
                case '$' -> mathShift();
                case '&' -> single(Kind.ALIGN);
                case '#' -> single(Kind.PARAMETER);
                case '^' -> single(Kind.SUPERSCRIPT);
                case '_' -> single(Kind.SUBSCRIPT);
                case '~' -> single(Kind.ACTIVE);
                case '%' -> comment();
                case '[', ']' -> single(Kind.TEXT);
                case ' ', '\t', '\n', '\r', '\f' -> space();
                default -> text();
            }
        }
    }

    private void single(Kind kind) {
        add(kind, position, position + 1, source.substring(position, position + 1));
    }

    private void add(Kind kind, int start, int end, String text) {
        tokens.add(new TexToken(kind, start, end, text));
        position = end;
    }

    private void mathShift() {
        int end = position + 1 < source.length() && source.charAt(position + 1) == '$' ? position + 2 : position + 1;
        add(Kind.MATH_SHIFT, position, end, source.substring(position, end));
    }

    private void comment() {
        int end = source.indexOf('\n', position);
        end = end < 0 ? source.length() : end;
        if (end > position && source.charAt(end - 1) == '\r') {
            end--;
        }
        add(Kind.COMMENT, position, Math.max(end, position + 1), source.substring(position, Math.max(end, position + 1)));
    }

    /** Spaces and at most one line end; a second line end (a blank line) makes it a paragraph break. */
    private void space() {
        int start = position;
        int lineEnds = 0;
        int i = position;
        while (i < source.length()) {
            char c = source.charAt(i);
            if (c == '\n') {
                lineEnds++;
            } else if (c != ' ' && c != '\t' && c != '\r' && c != '\f') {
                break;
            }
            i++;
        }
        add(lineEnds >= 2 ? Kind.PARAGRAPH : Kind.SPACE, start, i, source.substring(start, i));
    }

    private void text() {
        int start = position;
        int i = position;
        while (i < source.length() && !special(source.charAt(i))) {
            i++;
        }
        add(Kind.TEXT, start, i, source.substring(start, i));
    }

    private int nextBracket(int from) {
        if (nextBracket != -1 && nextBracket < from) {
            nextBracket = source.indexOf(']', from);
        }
        return nextBracket;
    }

    private int nextLineEnd(int from) {
        if (nextLineEnd != -1 && nextLineEnd < from) {
            nextLineEnd = source.indexOf('\n', from);
        }
        return nextLineEnd;
    }

    private static boolean special(char c) {
        return switch (c) {
            case '\\', '{', '}', '$', '&', '#', '^', '_', '~', '%', '[', ']', ' ', '\t', '\n', '\r', '\f' -> true;
            default -> false;
        };
    }

    private boolean letter(char c) {
        return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || atLetter && c == '@';
    }

    private void command() {
        int start = position;
        int i = position + 1;
        if (i >= source.length()) {
            add(Kind.COMMAND, start, i, "");
            return;
        }
        if (letter(source.charAt(i))) {
            while (i < source.length() && letter(source.charAt(i))) {
                i++;
            }
        } else {
            i++;
        }
        String name = source.substring(start + 1, i);
        add(Kind.COMMAND, start, i, name);
        switch (name) {
            case "makeatletter" -> atLetter = true;
            case "makeatother" -> atLetter = false;
            case "verb", "lstinline" -> inlineVerbatim();
            case "begin" -> verbatimEnvironment();
            default -> {
                // an ordinary command: nothing follows it specially
            }
        }
    }

    /** {@code \verb|...|}, {@code \verb*|...|}, {@code \lstinline[opts]{...}} or with a delimiter. */
    private void inlineVerbatim() {
        int i = position;
        if (i < source.length() && source.charAt(i) == '*') {
            add(Kind.TEXT, i, i + 1, "*");
            i++;
        }
        if (i < source.length() && source.charAt(i) == '[') {
            int close = nextBracket(i);
            int lineEnd = nextLineEnd(i);
            if (close < 0 || lineEnd >= 0 && lineEnd < close) {
                return;
            }
            // the options are ordinary text to whoever reads them; kept as one token
            add(Kind.TEXT, i, close + 1, source.substring(i, close + 1));
            i = close + 1;
        }
        if (i >= source.length()) {
            return;
        }
        char open = source.charAt(i);
        if (Character.isLetter(open) || Character.isWhitespace(open)) {
            return;
        }
        char close = open == '{' ? '}' : open;
        int end = source.indexOf(close, i + 1);
        int lineEnd = source.indexOf('\n', i + 1);
        if (end < 0 || lineEnd >= 0 && lineEnd < end) {
            // an unterminated \verb: TeX stops at the line end; so does the token
            end = lineEnd < 0 ? source.length() : lineEnd;
            add(Kind.VERBATIM, i, end, source.substring(i, end));
            return;
        }
        add(Kind.VERBATIM, i, end + 1, source.substring(i, end + 1));
    }

    /** After {@code \begin}: for a verbatim environment, its body up to {@code \end{name}} is one token. */
    private void verbatimEnvironment() {
        int i = position;
        while (i < source.length() && (source.charAt(i) == ' ' || source.charAt(i) == '\t')) {
            i++;
        }
        if (i >= source.length() || source.charAt(i) != '{') {
            return;
        }
        // a name is short: looking further for its brace would read the rest of the file after every \begin{
        int close = source.substring(i, Math.min(source.length(), i + 42)).indexOf('}');
        close = close < 0 ? -1 : i + close;
        if (close < 0 || close - i > 40) {
            return;
        }
        String name = source.substring(i + 1, close);
        if (!VERBATIM_ENVIRONMENTS.contains(name)) {
            return;
        }
        if (i > position) {
            add(Kind.SPACE, position, i, source.substring(position, i));
        }
        add(Kind.BEGIN_GROUP, i, i + 1, "{");
        add(Kind.TEXT, i + 1, close, name);
        add(Kind.END_GROUP, close, close + 1, "}");
        String end = "\\end{" + name + "}";
        int bodyEnd = source.indexOf(end, position);
        bodyEnd = bodyEnd < 0 ? source.length() : bodyEnd;
        if (bodyEnd > position) {
            add(Kind.VERBATIM, position, bodyEnd, source.substring(position, bodyEnd));
        }
    }
}
