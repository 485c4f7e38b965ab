package dev.paperorchestra.plotting.render;

import dev.paperorchestra.plotting.planning.PlannedFigure;
import dev.paperorchestra.runtime.materials.MarkdownTable;
import dev.paperorchestra.runtime.materials.NumericCell;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Decides what to chart from a table: which chart type (a line chart when every row label is a number and
 * the objective does not ask for bars, else grouped bars) and which columns (the metric columns, those the
 * title or objective names when it names any; only columns in the first one's unit and on a comparable
 * scale, since they share one axis; at most {@link #MAX_BAR_SERIES} bar series or {@link #MAX_LINES} lines).
 */
public final class ChartPlanner {

    /** Groups of more bars than this are hard to tell apart. */
    public static final int MAX_BAR_SERIES = 4;
    /** Lines beyond this run out of distinguishable colours. */
    public static final int MAX_LINES = 6;
    /** Columns whose magnitudes differ more than this would share one axis unreadably. */
    static final double MAX_SCALE_RATIO = 20.0;

    private static final int MAX_AXIS_LABEL = 32;
    private static final int MAX_UNIT = 8;
    private static final Pattern TRAILING_PARENTHESIS = Pattern.compile("\\(([^()]+)\\)\\s*$");
    private static final Pattern QUANTITY_END = Pattern.compile(
            "\\s+(on|as a function of|across|by|for|versus|vs\\.?|during|with|per|under|at)\\s+|,\\s*");

    private ChartPlanner() {
    }

    public static ChartData plan(PlannedFigure figure, SourceTable source) {
        MarkdownTable table = source.table();
        Optional<List<Double>> xValues = numericRowLabels(table);
        ChartData.Kind kind = xValues.isPresent() && !asksForBars(figure) ? ChartData.Kind.LINE : ChartData.Kind.BAR;
        List<Integer> columns = chooseColumns(figure, table, kind);
        List<ChartData.Series> series = columns.stream().map(column -> series(table, column)).toList();
        return new ChartData(kind, AxisLabels.name(table.header().getFirst()), valueLabel(series, table.caption()),
                rowLabels(table, columns), kind == ChartData.Kind.LINE ? xValues.get() : List.of(), series, source);
    }

    static List<Integer> chooseColumns(PlannedFigure figure, MarkdownTable table, ChartData.Kind kind) {
        List<Integer> numeric = table.numericColumns();
        // columns marked better-when-higher/lower are metrics; unmarked ones beside them are settings
        // (points, parameters). Columns naming methods carry no mark, so the title filter only picks metrics.
        List<Integer> metrics = numeric.stream()
                .filter(column -> AxisLabels.direction(table.header().get(column)) != 0).toList();
        List<Integer> candidates = numeric;
        if (!metrics.isEmpty()) {
            // words the figure adds to the table's own caption are the ones that single out columns
            Set<String> wanted = new HashSet<>(TableFinder.words(figure.title() + " " + figure.objective()));
            wanted.removeAll(TableFinder.words(table.caption()));
            // a bare number ("20 points") names a setting, not a metric
            wanted.removeIf(word -> word.chars().allMatch(Character::isDigit));
            List<Integer> named = metrics.stream()
                    .filter(column -> TableFinder.words(AxisLabels.name(table.header().get(column))).stream()
                            .anyMatch(wanted::contains))
                    .toList();
            candidates = named.isEmpty() ? metrics : named;
        }
        int limit = kind == ChartData.Kind.LINE ? MAX_LINES : MAX_BAR_SERIES;
        int first = candidates.getFirst();
        String unit = unit(table, first);
        double reference = magnitude(table, first);
        List<Integer> chosen = new ArrayList<>();
        for (int column : candidates) {
            boolean comparable = unit(table, column).equals(unit)
                    && ratio(reference, magnitude(table, column)) <= MAX_SCALE_RATIO;
            if (comparable && chosen.size() < limit) {
                chosen.add(column);
            }
        }
        return chosen;
    }

    /** The column's unit: "%" for percentage cells, else a short trailing "(ms)", "(GB)", "(k)"; "" for none. */
    static String unit(MarkdownTable table, int column) {
        if (table.number(0, column).map(NumericCell::percent).orElse(false)) {
            return "%";
        }
        Matcher unit = TRAILING_PARENTHESIS.matcher(AxisLabels.name(table.header().get(column)));
        return unit.find() && unit.group(1).strip().length() <= MAX_UNIT ? unit.group(1).strip() : "";
    }

    private static ChartData.Series series(MarkdownTable table, int column) {
        List<Double> values = new ArrayList<>();
        List<String> digits = new ArrayList<>();
        for (int row = 0; row < table.rows().size(); row++) {
            NumericCell cell = table.number(row, column).orElseThrow(() -> new IllegalStateException(
                    "numeric column without a number"));
            values.add(cell.value());
            digits.add(cell.digits() + (cell.percent() ? "%" : ""));
        }
        String header = table.header().get(column);
        return new ChartData.Series(column, AxisLabels.name(header), AxisLabels.label(header), values, digits);
    }

    /**
     * Row labels, unique: a repeated label (the same method in two settings) gets the cell of the first
     * uncharted column that tells the rows apart, e.g. "GlimpseDepth (200 Points)", else a running number;
     * bars of two rows must never merge.
     */
    static List<String> rowLabels(MarkdownTable table, List<Integer> charted) {
        List<String> labels = table.rowLabels();
        if (labels.stream().distinct().count() == labels.size()) {
            return labels;
        }
        for (int column = 1; column < table.header().size(); column++) {
            if (charted.contains(column)) {
                continue;
            }
            List<String> qualified = new ArrayList<>();
            for (int row = 0; row < labels.size(); row++) {
                String label = labels.get(row);
                boolean repeated = labels.indexOf(label) != labels.lastIndexOf(label);
                qualified.add(repeated ? label + " (" + AxisLabels.name(table.rows().get(row).get(column)) + " "
                        + AxisLabels.name(table.header().get(column)) + ")" : label);
            }
            if (qualified.stream().distinct().count() == qualified.size()) {
                return qualified;
            }
        }
        List<String> numbered = new ArrayList<>();
        for (String label : labels) {
            String candidate = label;
            for (int copy = 2; numbered.contains(candidate); copy++) {
                candidate = label + " (" + copy + ")";
            }
            numbered.add(candidate);
        }
        return numbered;
    }

    private static Optional<List<Double>> numericRowLabels(MarkdownTable table) {
        if (table.rows().size() < 2) {
            return Optional.empty();
        }
        List<Double> values = new ArrayList<>();
        for (List<String> row : table.rows()) {
            Optional<NumericCell> cell = NumericCell.parse(row.getFirst());
            if (cell.isEmpty()) {
                return Optional.empty();
            }
            values.add(cell.get().value());
        }
        return Optional.of(values);
    }

    private static boolean asksForBars(PlannedFigure figure) {
        String objective = figure.objective().toLowerCase(Locale.ROOT);
        return objective.contains("bar chart") || objective.contains("bar plot") || objective.contains("bar graph")
                || objective.contains("histogram");
    }

    /**
     * The value axis title: the one metric's label; else the metric names when they are few and short; else the
     * quantity the table caption names (a trailing "(RMSE in m)", or the phrase before "on", "across", "as a
     * function of"...); else none, and the caption and legend say it.
     */
    static String valueLabel(List<ChartData.Series> series, String tableCaption) {
        if (series.size() == 1) {
            return series.getFirst().label();
        }
        boolean metrics = series.stream().allMatch(s -> !s.label().equals(s.name()));
        String joined = String.join(" / ", series.stream().map(ChartData.Series::name).toList());
        if (metrics && joined.length() <= MAX_AXIS_LABEL) {
            return joined;
        }
        String caption = AxisLabels.name(tableCaption);
        Matcher unit = TRAILING_PARENTHESIS.matcher(caption);
        if (unit.find() && unit.group(1).length() <= MAX_AXIS_LABEL) {
            return unit.group(1).strip();
        }
        String quantity = QUANTITY_END.split(caption, 2)[0].strip();
        return quantity.length() < caption.length() && quantity.length() <= MAX_AXIS_LABEL ? quantity : "";
    }

    private static double magnitude(MarkdownTable table, int column) {
        double max = 0;
        for (int row = 0; row < table.rows().size(); row++) {
            max = Math.max(max, Math.abs(table.number(row, column).map(NumericCell::value).orElse(0.0)));
        }
        return max;
    }

    private static double ratio(double a, double b) {
        if (a == 0 && b == 0) {
            return 1;
        }
        if (a == 0 || b == 0) {
            return Double.POSITIVE_INFINITY;
        }
        return Math.max(a, b) / Math.min(a, b);
    }
}
