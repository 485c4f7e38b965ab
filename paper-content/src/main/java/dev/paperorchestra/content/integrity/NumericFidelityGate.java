package dev.paperorchestra.content.integrity;

import dev.paperorchestra.model.finding.Gate;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/**
 * Numeric fidelity, in both directions. Every number in a table of paper.tex, and every result-like number in
 * its text (one with a decimal point, a percent sign or thousands separators), appears in experimental_log.md or idea.md. Numbers
 * are compared by value as written, so {@code 43.43} matches {@code 43.430}, {@code 1,024} matches
 * {@code 1024} and {@code 12.5\%} matches {@code 12.5%}; decorations around them ({@code \textbf}, daggers,
 * arrows, {@code $...$}, {@code \pm}) do not matter. A number computed by the writer (a difference, a ratio)
 * is not in the materials and is reported: the paper may state only what was measured. A number in a sentence
 * that cites a work states that work's result and is left alone. And every numeric table of the log is in the
 * paper: a paper that reports nothing has nothing wrong in it, and must still fail.
 */
public final class NumericFidelityGate {

    /**
     * A number not glued to letters (A100, bf16, fig2 are names, not numbers), nor to a math symbol just closed
     * ({@code $\\delta$1} is the metric the log writes as δ1), nor an exponent of a unit ({@code m^3},
     * {@code km^{2}}: the log writes m³).
     */
    private static final Pattern NUMBER = Pattern.compile(
            "(?<![\\p{L}\\d.,_^])(?<!\\^\\{)(?<!\\\\[a-zA-Z]{1,20}\\$)(\\d{1,3}(?:,\\d{3})+|\\d+)(\\.\\d+)?"
                    + "(?![\\p{L}\\d_]|[.,]\\d)");
    private static final Pattern TABULAR = Pattern.compile(
            "(?s)\\\\begin\\{(tabular\\*?|tabularx)}(.*?)\\\\end\\{\\1}");
    /** Command arguments that hold names, layout or lengths rather than statements. */
    private static final Pattern NOT_PROSE = Pattern.compile(
            "\\\\(?:label|ref|eqref|autoref|cref|Cref|pageref|[a-zA-Z]*cite[a-zA-Z]*|includegraphics|usepackage"
                    + "|documentclass|input|include|url|href|bibliography|bibliographystyle|vspace|hspace"
                    + "|setlength|addtolength|resizebox|scalebox|rule|cmidrule|addlinespace|multicolumn|multirow"
                    + "|hypersetup|setcounter|fontsize|arraystretch|renewcommand|newcommand)\\*?"
                    + "(?:\\s*\\[[^\\]]*]|\\s*\\([^)]*\\))*(?:\\s*" + Braces.ONE_NESTED + "){0,2}");
    private static final Pattern CITED = Pattern.compile("\\\\[a-zA-Z]*cite[a-zA-Z]*\\*?\\s*[\\[{]");
    private static final Pattern LENGTH = Pattern.compile(
            "\\d*\\.?\\d+\\s*(?:\\\\(?:linewidth|textwidth|columnwidth|textheight|baselineskip)|pt|em|ex|cm|mm|in)"
                    + "\\b");

    private NumericFidelityGate() {
    }

    /** One direction only: every number of the paper is in the materials (the log's tables are not looked for). */
    public static GateResult check(String tex, String experimentalLog, String idea) {
        return check(tex, experimentalLog, idea, null);
    }

    /**
     * Both directions: every number of the paper is in the materials, and every numeric table of the log is in
     * the paper ({@link LogTableCoverage}) unless the plan says why it is left out.
     *
     * @param plan the paper's plan (outline.json), empty when there is none; null checks one direction only
     */
    public static GateResult check(String tex, String experimentalLog, String idea, @Nullable String plan) {
        return check(tex, experimentalLog, idea, plan, Map.of());
    }

    /**
     * Both directions, with the log tables the paper's figures draw according to their chart specs.
     *
     * @param plottedTables figure file name to the caption of the log table its chart spec draws
     */
    public static GateResult check(String tex, String experimentalLog, String idea, @Nullable String plan,
            Map<String, String> plottedTables) {
        Set<BigDecimal> known = new HashSet<>();
        known.addAll(numbers(experimentalLog));
        known.addAll(numbers(idea));
        TexSource source = new TexSource(tex);
        String body = blank(source.text, 0, source.bodyStart());
        body = blank(body, source.bodyEnd(), body.length());
        body = strip(body, NOT_PROSE);
        body = strip(body, LENGTH);

        List<String> findings = new ArrayList<>();
        Set<String> reported = new LinkedHashSet<>();
        int checked = 0;
        StringBuilder prose = new StringBuilder(body);
        Matcher table = TABULAR.matcher(body);
        while (table.find()) {
            String cells = table.group(2).replaceFirst("^\\s*\\{[^}]*}", "");
            int offset = table.start(2) + table.group(2).indexOf(cells);
            Matcher number = NUMBER.matcher(cells);
            while (number.find()) {
                checked++;
                report(known, number, source.lineOf(offset + number.start()), "table", reported, findings);
            }
            for (int i = table.start(); i < table.end(); i++) {
                if (prose.charAt(i) != '\n') {
                    prose.setCharAt(i, ' ');
                }
            }
        }
        Matcher number = NUMBER.matcher(prose);
        while (number.find()) {
            boolean resultLike = number.group(2) != null || number.group(1).contains(",")
                    || percentFollows(prose, number.end());
            if (resultLike && !citedStatement(source.text, number.start())) {
                checked++;
                report(known, number, source.lineOf(number.start()), "text", reported, findings);
            }
        }
        if (plan != null) {
            findings.addAll(LogTableCoverage.missing(source.text.substring(source.bodyStart()), experimentalLog, plan,
                    plottedTables));
            checked += (int) LogTableCoverage.numericTables(experimentalLog);
        }
        return new GateResult(Gate.NUMERIC_FIDELITY, checked, findings);
    }

    /**
     * True when the number's sentence cites a work: it then reports that work's result (an introduction's
     * "reaches 80.1% on ImageNet~\\cite{x}"), not this paper's, and the log cannot hold it.
     */
    private static boolean citedStatement(String text, int at) {
        int start = Math.max(Math.max(text.lastIndexOf(". ", at), text.lastIndexOf("\n\n", at)), 0);
        int end = nearest(text, at, ". ", "\n\n");
        return CITED.matcher(text.substring(start, end)).find();
    }

    private static int nearest(String text, int from, String... marks) {
        int end = text.length();
        for (String mark : marks) {
            int index = text.indexOf(mark, from);
            if (index >= 0 && index < end) {
                end = index;
            }
        }
        return end;
    }

    private static boolean percentFollows(CharSequence text, int at) {
        int i = at;
        while (i < text.length() && Character.isWhitespace(text.charAt(i))) {
            i++;
        }
        if (i < text.length() && text.charAt(i) == '\\') {
            i++;
        }
        return i < text.length() && text.charAt(i) == '%';
    }

    /** Every number of a materials file, by value. */
    static Set<BigDecimal> numbers(String text) {
        Set<BigDecimal> values = new HashSet<>();
        Matcher matcher = NUMBER.matcher(text);
        while (matcher.find()) {
            values.add(value(matcher));
        }
        return values;
    }

    private static void report(Set<BigDecimal> known, Matcher number, int line, String where, Set<String> reported,
            List<String> findings) {
        if (!known.contains(value(number)) && reported.add(number.group() + "@" + line)) {
            findings.add(where + " number " + number.group() + " (line " + line + ") is in neither "
                    + "experimental_log.md nor idea.md; use the logged value exactly or drop it");
        }
    }

    private static BigDecimal value(Matcher number) {
        String digits = number.group(1).replace(",", "") + (number.group(2) == null ? "" : number.group(2));
        BigDecimal value = new BigDecimal(digits).stripTrailingZeros();
        return value.scale() < 0 ? value.setScale(0) : value;
    }

    /** Spaces over [from, to), newlines kept so offsets and lines stay. */
    private static String blank(String text, int from, int to) {
        StringBuilder out = new StringBuilder(text);
        for (int i = Math.max(0, from); i < Math.min(to, text.length()); i++) {
            if (out.charAt(i) != '\n') {
                out.setCharAt(i, ' ');
            }
        }
        return out.toString();
    }

    private static String strip(String text, Pattern pattern) {
        Matcher matcher = pattern.matcher(text);
        String out = text;
        while (matcher.find()) {
            out = blank(out, matcher.start(), matcher.end());
        }
        return out;
    }
}
