package dev.paperorchestra.content.integrity;

import dev.paperorchestra.content.materials.MarkdownTable;
import dev.paperorchestra.content.materials.MarkdownTables;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/**
 * The second direction of numeric fidelity: every numeric table of the experimental log is in the paper. A log
 * table counts as present when the paper's tables hold at least half of its numbers (a table may be trimmed to
 * its key columns, not dropped), when an included figure's chart spec draws it (the source table of the figure's
 * provenance), when a figure without a spec (an author's) has a caption naming what the table measures, or when
 * the paper's plan says why it is left out (a sentence naming the table with "left out", "omitted" or
 * "not reported").
 */
final class LogTableCoverage {

    private static final Pattern TABULAR = Pattern.compile("(?s)\\\\begin\\{(tabular\\*?|tabularx)}(.*?)\\\\end\\{\\1}");
    private static final Pattern FIGURE = Pattern.compile("(?s)\\\\begin\\{(figure\\*?)}(.*?)\\\\end\\{\\1}");
    private static final Pattern CAPTION = Pattern.compile("\\\\caption\\s*(?:\\[[^\\]]*])?\\s*\\{");
    private static final Pattern INCLUDED = Pattern.compile("\\\\includegraphics\\s*(?:\\[[^\\]]*])?\\s*\\{([^}]*)}");
    private static final Pattern LEFT_OUT = Pattern.compile(
            "(?i)left out|leave out|omit|not reported|not included|excluded|appendix only");
    private static final Pattern WORD = Pattern.compile("[a-z][a-z0-9-]{3,}");
    /** Tables of the log that the gate checks: those with a numeric column. */
    static long numericTables(String log) {
        return MarkdownTables.parse(log).stream().filter(MarkdownTable::isNumeric).count();
    }

    /** Share of a table caption's words a figure caption must repeat to count as plotting that table. */
    private static final double CAPTION_OVERLAP = 0.6;

    private LogTableCoverage() {
    }

    /** {@link #missing(String, String, String, Map)} for a paper whose figures have no chart specs. */
    static List<String> missing(String body, String log, String plan) {
        return missing(body, log, plan, Map.of());
    }

    /**
     * @param body          the paper's main text and appendix, comments blanked
     * @param log           experimental_log.md
     * @param plan          the paper's plan (outline.json), empty when there is none
     * @param plottedTables figure file name to the caption of the log table its chart spec draws
     * @return one finding per log table missing from the paper
     */
    static List<String> missing(String body, String log, String plan, Map<String, String> plottedTables) {
        Set<BigDecimal> inTables = new HashSet<>();
        Matcher table = TABULAR.matcher(body);
        while (table.find()) {
            inTables.addAll(NumericFidelityGate.numbers(table.group(2)));
        }
        List<IncludedFigure> figures = figures(body, plottedTables);
        String planText = plan.toLowerCase(Locale.ROOT);
        return MarkdownTables.parse(log).stream().filter(MarkdownTable::isNumeric)
                .filter(logTable -> !asTable(logTable, inTables) && !asFigure(logTable, figures)
                        && !leftOutByPlan(logTable, planText))
                .map(logTable -> "log table \"" + logTable.caption() + "\" is in the paper neither as a table nor "
                        + "as a figure, and the plan does not say why it is left out; add it as a table with the "
                        + "logged values")
                .toList();
    }

    private static boolean asTable(MarkdownTable logTable, Set<BigDecimal> inTables) {
        Set<BigDecimal> values = new HashSet<>();
        for (List<String> row : logTable.rows()) {
            for (int column : logTable.numericColumns()) {
                values.addAll(NumericFidelityGate.numbers(row.get(column)));
            }
        }
        long found = values.stream().filter(inTables::contains).count();
        return !values.isEmpty() && found * 2 >= values.size();
    }

    private static boolean asFigure(MarkdownTable logTable, List<IncludedFigure> figures) {
        String caption = logTable.caption().strip();
        if (figures.stream().anyMatch(figure -> figure.plotted() != null
                && figure.plotted().strip().equalsIgnoreCase(caption))) {
            return true;
        }
        Set<String> wanted = words(caption);
        if (wanted.isEmpty()) {
            return false;
        }
        // a figure without a spec (an author's) can only be matched by what its caption says it shows
        return figures.stream().filter(figure -> figure.plotted() == null).map(figure -> words(figure.caption()))
                .anyMatch(words -> wanted.stream().filter(words::contains).count()
                        >= Math.ceil(wanted.size() * CAPTION_OVERLAP));
    }

    private static boolean leftOutByPlan(MarkdownTable logTable, String plan) {
        String caption = logTable.caption().toLowerCase(Locale.ROOT);
        for (String sentence : plan.split("(?<=[.!?\"])\\s+|\\n")) {
            if (sentence.contains(caption) && LEFT_OUT.matcher(sentence).find()) {
                return true;
            }
        }
        return false;
    }

    /** A figure environment of the paper: its caption, and the log table its chart spec draws (null: no spec). */
    private record IncludedFigure(String caption, @Nullable String plotted) {
    }

    private static List<IncludedFigure> figures(String body, Map<String, String> plottedTables) {
        Matcher figure = FIGURE.matcher(body);
        List<IncludedFigure> figures = new ArrayList<>();
        while (figure.find()) {
            String environment = figure.group(2);
            Matcher caption = CAPTION.matcher(environment);
            String captionText = caption.find() ? environment.substring(caption.end()) : "";
            String plotted = null;
            Matcher included = INCLUDED.matcher(environment);
            while (included.find() && plotted == null) {
                String path = included.group(1).strip();
                String file = path.substring(path.lastIndexOf('/') + 1);
                plotted = plottedTables.get(file);
            }
            figures.add(new IncludedFigure(captionText, plotted));
        }
        return figures;
    }

    private static Set<String> words(String text) {
        Set<String> words = new HashSet<>();
        Matcher word = WORD.matcher(text.toLowerCase(Locale.ROOT));
        while (word.find()) {
            words.add(word.group());
        }
        return words;
    }
}
