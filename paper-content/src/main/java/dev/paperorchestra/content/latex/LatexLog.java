package dev.paperorchestra.content.latex;

import dev.paperorchestra.content.latex.LatexIssue.Kind;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/**
 * A pdfLaTeX log (paper.log) read into structured problems: the errors that stopped the run (with the line they
 * point at, missing packages and files told apart), and the warnings of a finished run (undefined citations
 * and references, overfull boxes).
 */
public final class LatexLog {

    /** TeX breaks log lines at this width (max_print_line); a line this long continues on the next one. */
    private static final int WRAP = 79;
    private static final int MAX_ERRORS = 3;
    private static final Pattern FILE_LINE_ERROR = Pattern.compile("^[^\\s:]+:(\\d+): (.*)");
    private static final Pattern CONTEXT_LINE = Pattern.compile("^l\\.(\\d+)\\b");
    private static final Pattern NOT_FOUND = Pattern.compile(
            "File [`']([^']+)' not found|I can't find file [`']([^']+)'|I can't write on file [`']([^']+)'");
    /**
     * What a missing font looks like: a metric file not found ({@code Font \x=LinLibertineT-tlf-t1 at 10pt not
     * loadable: Metric (TFM) file not found}), an outline file that cannot be opened ({@code (file
     * LinLibertineT.pfb): cannot open Type 1 font file}), or pdfTeX refusing to expand a bitmap stand-in.
     */
    private static final Pattern FONT = Pattern.compile("Font \\\\\\S+=([\\w.+-]+)(?: at [\\d.]+pt)? not loadable: Metric"
            + "|\\(file ([\\w.+-]+\\.(?:pfb|otf|ttf|map|enc))\\): cannot open|(font expansion)");
    private static final Pattern PAGES = Pattern.compile("Output written on \\S+\\.pdf \\((\\d+) pages?");
    private static final Pattern UNDEFINED = Pattern.compile(
            "Warning: (Citation|Reference) [`']([^']*)' on page \\d+ undefined(?: on input line (\\d+))?");
    private static final Pattern OVERFULL = Pattern.compile(
            "^Overfull \\\\[hv]box \\(([\\d.]+pt) too (?:wide|high)\\)(?:.*?lines? (\\d+))?");

    private final List<String> lines;

    private LatexLog(List<String> lines) {
        this.lines = lines;
    }

    public static LatexLog parse(String log) {
        return new LatexLog(unwrap(log));
    }

    /** The first errors: "! ..." or, with -file-line-error, "./paper.tex:12: ..."; the fatal summary left out. */
    public List<LatexIssue> errors() {
        Set<String> seen = new LinkedHashSet<>();
        List<LatexIssue> errors = new ArrayList<>();
        for (int i = 0; i < lines.size() && errors.size() < MAX_ERRORS; i++) {
            String line = lines.get(i).strip();
            Matcher fileLine = FILE_LINE_ERROR.matcher(line);
            String message;
            int at;
            if (line.startsWith("!")) {
                message = line.substring(1).strip();
                at = contextLine(i);
            } else if (fileLine.matches()) {
                message = fileLine.group(2).strip();
                at = Integer.parseInt(fileLine.group(1));
            } else {
                continue;
            }
            if (message.contains("==> Fatal error occurred") || message.equals("Emergency stop.")
                    || !seen.add(message)) {
                continue;
            }
            errors.add(classify(message, at));
        }
        return errors;
    }

    /** Undefined citations and references, then overfull boxes, each once. */
    public List<LatexIssue> warnings() {
        List<LatexIssue> warnings = new ArrayList<>();
        Set<String> seen = new LinkedHashSet<>();
        for (String line : lines) {
            Matcher undefined = UNDEFINED.matcher(line);
            while (undefined.find()) {
                String message = undefined.group(1) + " `" + undefined.group(2) + "' undefined";
                if (seen.add(message)) {
                    Kind kind = undefined.group(1).equals("Citation") ? Kind.UNDEFINED_CITATION
                            : Kind.UNDEFINED_REFERENCE;
                    warnings.add(new LatexIssue(kind, message, undefined.group(2), number(undefined.group(3))));
                }
            }
        }
        for (String line : lines) {
            Matcher overfull = OVERFULL.matcher(line);
            if (overfull.find()) {
                warnings.add(new LatexIssue(Kind.OVERFULL_BOX, line.strip(), null, number(overfull.group(2))));
            }
        }
        return warnings;
    }

    /** The page count the log reports; the PDF itself is the better source. */
    public Optional<Integer> pages() {
        for (String line : lines) {
            Matcher matcher = PAGES.matcher(line);
            if (matcher.find()) {
                return Optional.of(Integer.parseInt(matcher.group(1)));
            }
        }
        return Optional.empty();
    }

    private static LatexIssue classify(String message, int line) {
        Matcher font = FONT.matcher(message);
        if (font.find()) {
            String file = font.group(1) != null ? font.group(1) + ".tfm" : font.group(2);
            return new LatexIssue(Kind.MISSING_FONT, message, file, line);
        }
        Matcher notFound = NOT_FOUND.matcher(message);
        if (notFound.find()) {
            String file = firstNonNull(notFound.group(1), notFound.group(2), notFound.group(3));
            boolean packageFile = file.endsWith(".sty") || file.endsWith(".cls");
            return new LatexIssue(packageFile ? Kind.MISSING_PACKAGE : Kind.MISSING_FILE, message, file, line);
        }
        return new LatexIssue(Kind.ERROR, message, null, line);
    }

    /** The "l.12 ..." line TeX prints a few lines after a "!" error. */
    private int contextLine(int errorIndex) {
        for (int i = errorIndex + 1; i < Math.min(lines.size(), errorIndex + 12); i++) {
            Matcher context = CONTEXT_LINE.matcher(lines.get(i));
            if (context.find()) {
                return Integer.parseInt(context.group(1));
            }
            Matcher fileLine = FILE_LINE_ERROR.matcher(lines.get(i));
            if (fileLine.matches()) {
                return Integer.parseInt(fileLine.group(1));
            }
        }
        return 0;
    }

    private static String firstNonNull(@Nullable String... values) {
        for (String value : values) {
            if (value != null) {
                return value;
            }
        }
        return "";
    }

    private static int number(@Nullable String digits) {
        return digits == null ? 0 : Integer.parseInt(digits);
    }

    private static List<String> unwrap(String log) {
        List<String> joined = new ArrayList<>();
        StringBuilder current = new StringBuilder();
        for (String line : log.lines().toList()) {
            current.append(line);
            if (line.length() != WRAP) {
                joined.add(current.toString());
                current.setLength(0);
            }
        }
        if (!current.isEmpty()) {
            joined.add(current.toString());
        }
        return joined;
    }
}
