package dev.paperorchestra.content.integrity;

import dev.paperorchestra.model.finding.Finding;
import dev.paperorchestra.model.finding.Gate;
import dev.paperorchestra.model.tex.TexCitations;
import dev.paperorchestra.model.tex.TexCommand;
import dev.paperorchestra.model.tex.TexDocument;
import dev.paperorchestra.model.tex.TexEnvironment;
import dev.paperorchestra.model.tex.TexSignature;
import dev.paperorchestra.model.tex.TexSpan;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
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
     * {@code km^{2}}: the log writes m³). Number lexing, not LaTeX structure.
     */
    private static final Pattern NUMBER = Pattern.compile(
            "(?<![\\p{L}\\d.,_^])(?<!\\^\\{)(?<!\\\\[a-zA-Z]{1,20}\\$)(\\d{1,3}(?:,\\d{3})+|\\d+)(\\.\\d+)?"
                    + "(?![\\p{L}\\d_]|[.,]\\d)");
    /** The tabular environments whose cells are checked, with the arguments before their cells. */
    private static final Map<String, TexSignature> TABULARS = Map.of("tabular", TexSignature.of("m o m"),
            "tabular*", TexSignature.of("m m o m"), "tabularx", TexSignature.of("m m o m"));
    /** Commands whose arguments hold names, layout or lengths rather than statements. */
    private static final List<String> NOT_PROSE = Stream.concat(Stream.of("label", "ref", "eqref", "autoref", "cref",
            "Cref", "pageref", "includegraphics", "usepackage", "documentclass", "input", "include", "url", "href",
            "bibliography", "bibliographystyle", "vspace", "hspace", "setlength", "addtolength", "resizebox",
            "scalebox", "rule", "addlinespace", "multicolumn", "multirow", "hypersetup", "setcounter", "fontsize"),
            TexCitations.COMMANDS.stream()).toList();
    /** Signatures that read only the non-text arguments: a multicolumn's cell text is checked. */
    private static final Map<String, TexSignature> LEADING_ARGUMENTS = Map.of("multicolumn", TexSignature.of("m m"),
            "multirow", TexSignature.of("m m"), "resizebox", TexSignature.of("s m m"), "scalebox",
            TexSignature.of("m"), "rule", TexSignature.of("o m m"), "addlinespace", TexSignature.of("o"),
            "fontsize", TexSignature.of("m m"), "href", TexSignature.of("m m"));
    private static final List<String> LENGTH_COMMANDS = List.of("\\linewidth", "\\textwidth", "\\columnwidth",
            "\\textheight", "\\baselineskip");
    private static final Set<String> LENGTH_UNITS = Set.of("pt", "em", "ex", "cm", "mm", "in");

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
        PaperText paper = new PaperText(tex);
        TexDocument document = paper.document;
        StringBuilder masked = paper.withoutComments();
        PaperText.blank(masked, 0, paper.bodyStart());
        PaperText.blank(masked, paper.referencesStart(), masked.length());
        TexMasks.blankInert(document, masked);
        TexMasks.blankCommands(document, masked, NOT_PROSE, LEADING_ARGUMENTS);
        blankRuleRanges(document, masked);
        String body = masked.toString();

        List<Finding> findings = new ArrayList<>();
        Set<String> reported = new LinkedHashSet<>();
        int checked = 0;
        StringBuilder prose = new StringBuilder(body);
        for (TexSpan cells : cells(document)) {
            Matcher number = NUMBER.matcher(body).region(cells.start(), cells.end()).useTransparentBounds(true);
            while (number.find()) {
                if (!isLength(body, number.start(), number.end())) {
                    checked++;
                    report(paper, known, number, "table", reported, findings);
                }
            }
        }
        for (TexEnvironment table : tabulars(document)) {
            PaperText.blank(prose, table.span());
        }
        int[] cites = document.commands(TexCitations.COMMANDS.toArray(String[]::new)).stream()
                .mapToInt(TexCommand::start).sorted().toArray();
        String source = paper.withoutComments().toString();
        Matcher number = NUMBER.matcher(prose);
        while (number.find()) {
            boolean resultLike = number.group(2) != null || number.group(1).contains(",")
                    || percentFollows(prose, number.end());
            if (resultLike && !isLength(prose, number.start(), number.end())
                    && !citedStatement(source, number.start(), cites)) {
                checked++;
                report(paper, known, number, "text", reported, findings);
            }
        }
        if (plan != null) {
            findings.addAll(LogTableCoverage.missing(paper, experimentalLog, plan, plottedTables));
            checked += (int) LogTableCoverage.numericTables(experimentalLog);
        }
        return new GateResult(Gate.NUMERIC_FIDELITY, checked, findings);
    }

    /** The outermost tabular environments of the document, in order. */
    static List<TexEnvironment> tabulars(TexDocument document) {
        List<TexEnvironment> all = document.environments(TABULARS.keySet().toArray(String[]::new));
        return all.stream().filter(table -> all.stream().noneMatch(outer -> outer != table
                && outer.span().contains(table.span()))).toList();
    }

    /** Where each outermost tabular's cells are: after its column specification, up to its end. */
    static List<TexSpan> cells(TexDocument document) {
        List<TexSpan> cells = new ArrayList<>();
        for (TexEnvironment table : tabulars(document)) {
            int start = document.commandAt(table.begin().token(), TABULARS.get(table.name())).end();
            cells.add(new TexSpan(Math.min(start, table.content().end()), table.content().end()));
        }
        return cells;
    }

    /** {@code \cmidrule(lr){2-3}}: the column range is layout; its parenthesised trim is no argument LaTeX knows. */
    private static void blankRuleRanges(TexDocument document, StringBuilder text) {
        for (TexCommand rule : document.commands("cmidrule", "cline")) {
            int close = text.indexOf("}", rule.start());
            if (close > 0 && close - rule.start() < 40) {
                PaperText.blank(text, rule.start(), close + 1);
            }
        }
    }

    /** A length ("0.48\linewidth", "2.5 mm"): layout, not a statement. */
    private static boolean isLength(CharSequence text, int start, int end) {
        int i = end;
        while (i < text.length() && text.charAt(i) == ' ') {
            i++;
        }
        String rest = text.subSequence(i, Math.min(text.length(), i + 16)).toString();
        if (LENGTH_COMMANDS.stream().anyMatch(rest::startsWith)) {
            return true;
        }
        int letters = 0;
        while (letters < rest.length() && Character.isLetter(rest.charAt(letters))) {
            letters++;
        }
        return LENGTH_UNITS.contains(rest.substring(0, letters));
    }

    /**
     * True when the number's sentence cites a work: it then reports that work's result (an introduction's
     * "reaches 80.1% on ImageNet~\\cite{x}"), not this paper's, and the log cannot hold it.
     */
    private static boolean citedStatement(String text, int at, int[] cites) {
        int start = Math.max(Math.max(text.lastIndexOf(". ", at), text.lastIndexOf("\n\n", at)), 0);
        int end = text.length();
        for (String mark : List.of(". ", "\n\n")) {
            int index = text.indexOf(mark, at);
            if (index >= 0 && index < end) {
                end = index;
            }
        }
        int first = Arrays.binarySearch(cites, start);
        int index = first >= 0 ? first : -first - 1;
        return index < cites.length && cites[index] < end;
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

    /** Every number of a materials file or a stretch of LaTeX, by value. */
    static Set<BigDecimal> numbers(String text) {
        Set<BigDecimal> values = new HashSet<>();
        Matcher matcher = NUMBER.matcher(text);
        while (matcher.find()) {
            values.add(value(matcher));
        }
        return values;
    }

    private static void report(PaperText paper, Set<BigDecimal> known, Matcher number, String where,
            Set<String> reported, List<Finding> findings) {
        int line = paper.line(number.start());
        if (!known.contains(value(number)) && reported.add(number.group() + "@" + line)) {
            findings.add(paper.at(Gate.NUMERIC_FIDELITY, where.equals("table") ? "number.table-not-logged"
                    : "number.text-not-logged", number.start(), where + " number " + number.group() + " (line " + line
                    + ") is in neither experimental_log.md nor idea.md; use the logged value exactly or drop it"));
        }
    }

    private static BigDecimal value(Matcher number) {
        String digits = number.group(1).replace(",", "") + (number.group(2) == null ? "" : number.group(2));
        BigDecimal value = new BigDecimal(digits).stripTrailingZeros();
        return value.scale() < 0 ? value.setScale(0) : value;
    }
}
