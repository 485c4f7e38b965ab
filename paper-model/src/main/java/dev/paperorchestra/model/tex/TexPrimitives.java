package dev.paperorchestra.model.tex;

import dev.paperorchestra.model.text.LineMap;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Finds TeX that reads files from outside the job, runs commands, or builds the names of such commands while it runs.
 * Two passes over the source, comments ignored: regular expressions for what is refused by its arguments
 * ({@code \input}-like commands, {@code \includegraphics}, {@code \graphicspath}, fonts of an absolute or parent
 * path or a pipe, {@code \write18}, {@code ^^} character codes), and {@link TexNames} for what is refused by name
 * ({@code \pdfobj}, {@code \special} other than a paper size, {@code \string}, {@code \csname} of anything but a
 * plain name, catcode changes, writing files...). A venue template never needs these; finding one refuses the
 * document before it is compiled. TeX is a programming language, so this is a layer, not a proof: the bubblewrap
 * sandbox is what holds a document that gets past it.
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

    private static final String PATH_COMMANDS = "input|include|InputIfFileExists|IfFileExists|@@input|@input|@iinput"
            + "|openin|openout|lstinputlisting|verbatiminput|includegraphics|includepdf|pdfximage|usepackage"
            + "|documentclass|bibliography|addbibresource|LoadClass|RequirePackage|fontspec|setmainfont|setsansfont"
            + "|setmonofont|setmathfont|newfontfamily|newfontface|XeTeXpicfile|XeTeXpdffile";
    private static final String OUTSIDE = "(?:/|~|\\||[A-Za-z]:[/\\\\]|\\.\\./)";
    private static final List<Rule> RULES = List.of(
            new Rule(Pattern.compile("\\\\write\\s*18\\b"), "runs a shell command"),
            new Rule(Pattern.compile("\\\\(?:" + PATH_COMMANDS + ")\\s*(?:\\[[^\\]]*]\\s*)?\\{?\\s*\"?\\s*"
                    + "(?:/|~|\\||[A-Za-z]:[/\\\\])[^}\\s]*"), "names an absolute path, a home directory or a pipe"),
            new Rule(Pattern.compile("\\\\(?:" + PATH_COMMANDS + ")\\s*(?:\\[[^\\]]*]\\s*)?\\{?[^}\\n]*\\.\\./"
                    + "[^}\\s]*"),
                    "names a parent directory"),
            new Rule(Pattern.compile("\\\\graphicspath\\s*\\{[^\\n]*?\\{\\s*" + OUTSIDE + "[^}]*"),
                    "looks for figures outside the job directory"),
            new Rule(Pattern.compile("\\\\font\\s*\\\\[A-Za-z@]+\\s*=?\\s*\"?\\s*\\[?\\s*" + OUTSIDE + "[^\\s\"\\]]*"),
                    "loads a font by a path outside the job directory"),
            new Rule(Pattern.compile("(?i)\\bpath\\s*=\\s*\\{?\\s*" + OUTSIDE + "[^,\\]}]*"),
                    "loads fonts from a path outside the job directory"),
            new Rule(Pattern.compile("\\\\openout[^\\n=]{0,40}=\\s*(?:/|~|\\||\\.\\./)[^\\s}]*"),
                    "writes outside the job directory"),
            // ^^ before any character is a character code: ^^& is f
            new Rule(Pattern.compile("\\^\\^[\\x00-\\x7f]"), "writes a character by its code"));

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
        return matched(source, COMMAND_RULES);
    }

    /**
     * Every forbidden use in the source, comments ignored, in order: {@link #RULES} and {@link TexNames} in every
     * mode (what a document compiled inside bubblewrap, a template at intake and a revision's edit are held to).
     */
    public static List<Finding> scan(String source) {
        return scan(source, TexNames.Strictness.EVERY_MODE);
    }

    /**
     * As {@link #scan(String)}, and also every way to turn text back into commands and to write files TeX reads back
     * ({@link TexNames.Strictness#WITHOUT_SANDBOX}): what a document is held to when no bubblewrap sandbox would hold
     * a name it builds.
     */
    public static List<Finding> scanWithoutSandbox(String source) {
        return scan(source, TexNames.Strictness.WITHOUT_SANDBOX);
    }

    private static List<Finding> scan(String source, TexNames.Strictness strictness) {
        Source code = Source.of(source);
        List<Finding> findings = code.matches(RULES);
        for (Finding named : TexNames.scan(code.text(), code::lineOf, strictness)) {
            // a use both passes name (\write18) is listed once
            if (findings.stream().noneMatch(found -> found.line() == named.line()
                    && found.use().startsWith(named.use().split("\\s")[0]))) {
                findings.add(named);
            }
        }
        findings.sort(Comparator.comparingInt(Finding::line));
        return findings;
    }

    private static List<Finding> matched(String source, List<Rule> rules) {
        List<Finding> findings = Source.of(source).matches(rules);
        findings.sort(Comparator.comparingInt(Finding::line));
        return findings;
    }

    /** The source with comments blanked, one line per line, and where each line starts. */
    private record Source(String text, int[] lineStarts) {

        /**
         * Comments and what verbatim environments, {@code \\verb} and {@code \\lstinline} only print blanked by the
         * one tokenizer ({@link TexDocument}): a journal's sample that shows {@code \\verb|\\includegraphics|} runs no
         * command. A document that redefines a verbatim command or environment keeps its bodies scanned.
         */
        static Source of(String source) {
            String code = TexDocument.parse(source).withInertTextBlanked();
            LineMap lines = new LineMap(code);
            int[] lineStarts = new int[lines.lineCount()];
            for (int i = 0; i < lineStarts.length; i++) {
                lineStarts[i] = lines.lineStart(i + 1);
            }
            return new Source(code, lineStarts);
        }

        List<Finding> matches(List<Rule> rules) {
            List<Finding> findings = new ArrayList<>();
            for (Rule rule : rules) {
                Matcher matcher = rule.pattern().matcher(text);
                while (matcher.find()) {
                    findings.add(new Finding(lineOf(matcher.start()), matcher.group().strip().replaceAll("\\s+", " "),
                            rule.why()));
                }
            }
            return findings;
        }

        /** The 1-based line of an offset. */
        int lineOf(int position) {
            int found = java.util.Arrays.binarySearch(lineStarts, position);
            return (found >= 0 ? found : -found - 2) + 1;
        }
    }

    /** The findings as one problem naming every line, for an error that names the file. */
    public static String describe(List<Finding> findings) {
        StringBuilder message = new StringBuilder("uses TeX that reads files or runs commands outside the job, "
                + "refused before compiling:");
        findings.forEach(finding -> message.append(' ').append(finding).append(';'));
        return message.substring(0, message.length() - 1);
    }

}
