package dev.paperorchestra.content.latex;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Finds TeX that reads files from outside the job or runs commands: {@code \pdfobj ... file}, the
 * {@code \pdffile...} primitives, {@code \openin}, {@code \write18}, {@code \input}-like commands and
 * {@code \pdfximage} of an absolute or parent path or a pipe, {@code ^^} character codes and catcode changes that
 * make a new escape character. A venue template never needs these; finding one refuses the document before it
 * is compiled. This is the first layer only: TeX can build any name at run time, so the sandbox is what holds.
 */
public final class TexPrimitives {

    /** One forbidden use, with the 1-based line it starts on. */
    public record Finding(int line, String use, String why) {
        @Override
        public String toString() {
            return "line " + line + ": " + use + " (" + why + ")";
        }
    }

    private record Rule(Pattern pattern, String why) {
    }

    private static final String PATH_COMMANDS = "input|include|InputIfFileExists|IfFileExists|@@input|openin"
            + "|openout|lstinputlisting|verbatiminput|includegraphics|includepdf|pdfximage|usepackage"
            + "|documentclass|bibliography|addbibresource|LoadClass|RequirePackage";
    private static final List<Rule> RULES = List.of(
            // TeX keywords are case-insensitive: FILE and File read a file too
            new Rule(Pattern.compile("\\\\pdfobj\\b[^%]{0,200}?\\b(?i:file)\\b"), "embeds a file in the PDF"),
            new Rule(Pattern.compile("\\\\pdffile[a-z]*"), "reads a file's bytes, size or dates"),
            new Rule(Pattern.compile("\\\\pdfmdfivesum\\s*(?i:file)"), "reads a file"),
            new Rule(Pattern.compile("\\\\openin\\b"), "opens a file for reading"),
            new Rule(Pattern.compile("\\\\write\\s*18\\b"), "runs a shell command"),
            new Rule(Pattern.compile("\\\\(?:directlua|ShellEscape)\\b"), "runs code"),
            new Rule(Pattern.compile("\\\\(?:" + PATH_COMMANDS + ")\\s*(?:\\[[^\\]]*]\\s*)?\\{?\\s*\"?\\s*"
                    + "(?:/|~|\\||[A-Za-z]:[/\\\\])[^}\\s]*"), "names an absolute path, a home directory or a pipe"),
            new Rule(Pattern.compile("\\\\(?:" + PATH_COMMANDS + ")\\s*(?:\\[[^\\]]*]\\s*)?\\{?[^}\\n]*\\.\\./"
                    + "[^}\\s]*"),
                    "names a parent directory"),
            new Rule(Pattern.compile("\\\\openout[^\\n=]{0,40}=\\s*(?:/|~|\\||\\.\\./)[^\\s}]*"),
                    "writes outside the job directory"),
            // ^^ before any character is a character code: ^^& is f
            new Rule(Pattern.compile("\\^\\^[\\x00-\\x7f]"), "writes a character by its code"),
            new Rule(Pattern.compile("\\\\catcode\\s*`?\\\\?.\\s*=?\\s*0\\b"), "makes a new escape character"),
            new Rule(Pattern.compile("\\\\csname\\s*(?:\\\\[A-Za-z@]+\\s*)*(?:pdfobj|pdffile|openin|input|write"
                    + "|immediate|directlua)"),
                    "builds a forbidden command by name"));

    /**
     * What runs commands, refused in every file a compile reads, author-kit code included and sandbox or not:
     * {@code \write18} however its number is written, Lua, and {@code \input|"cmd"}-style pipes. (TeX's
     * {@code shell_escape=f} and latexmk's {@code -no-shell-escape} hold regardless; this refuses the attempt.)
     */
    private static final List<Rule> COMMAND_RULES = List.of(
            new Rule(Pattern.compile("\\\\write\\s*(?:0*18\\b|\"0*12\\b|'0*22\\b)"), "runs a shell command"),
            new Rule(Pattern.compile("\\\\(?:directlua|latelua|luaexec|luadirect|ShellEscape)\\b"), "runs code"),
            new Rule(Pattern.compile("\\\\(?:" + PATH_COMMANDS + ")\\s*(?:\\d+\\s*=?\\s*|\\\\[A-Za-z@]+\\s*=?\\s*)?"
                    + "(?:\\[[^\\]]*]\\s*)?\\{?\\s*\"?\\s*\\|"),
                    "reads a command's output (a pipe)"));

    private TexPrimitives() {
    }

    /** Every use that runs commands ({@link #COMMAND_RULES}), comments ignored, in order. */
    public static List<Finding> commands(String source) {
        return scan(source, COMMAND_RULES);
    }

    /** Every forbidden use in the source, comments ignored, in order. */
    public static List<Finding> scan(String source) {
        return scan(source, RULES);
    }

    private static List<Finding> scan(String source, List<Rule> rules) {
        String[] lines = source.split("\n", -1);
        List<Finding> findings = new ArrayList<>();
        StringBuilder code = new StringBuilder(source.length());
        int[] lineStarts = new int[lines.length];
        for (int i = 0; i < lines.length; i++) {
            lineStarts[i] = code.length();
            code.append(withoutComment(lines[i])).append('\n');
        }
        for (Rule rule : rules) {
            Matcher matcher = rule.pattern().matcher(code);
            while (matcher.find()) {
                int line = lineOf(lineStarts, matcher.start());
                findings.add(new Finding(line, matcher.group().strip().replaceAll("\\s+", " "), rule.why()));
            }
        }
        findings.sort(Comparator.comparingInt(Finding::line));
        return findings;
    }

    /** The findings as one problem naming every line, for an error that names the file. */
    public static String describe(List<Finding> findings) {
        StringBuilder message = new StringBuilder("uses TeX that reads files or runs commands outside the job, "
                + "refused before compiling:");
        findings.forEach(finding -> message.append(' ').append(finding).append(';'));
        return message.substring(0, message.length() - 1);
    }

    private static String withoutComment(String line) {
        for (int i = 0; i < line.length(); i++) {
            if (line.charAt(i) == '%' && !escaped(line, i)) {
                return line.substring(0, i);
            }
        }
        return line;
    }

    /** True when the character at {@code index} is preceded by an odd number of backslashes. */
    private static boolean escaped(String line, int index) {
        int backslashes = 0;
        for (int i = index - 1; i >= 0 && line.charAt(i) == '\\'; i--) {
            backslashes++;
        }
        return backslashes % 2 == 1;
    }

    private static int lineOf(int[] lineStarts, int position) {
        int line = 0;
        while (line + 1 < lineStarts.length && lineStarts[line + 1] <= position) {
            line++;
        }
        return line + 1;
    }
}
