package dev.paperorchestra.plotting.render;

import dev.paperorchestra.plotting.planning.PlannedFigure;
import dev.paperorchestra.content.materials.MarkdownTable;
import dev.paperorchestra.content.materials.NumericCell;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * Decides what to chart from a table: which chart type (a line chart when every row label is a number and
 * the objective does not ask for bars, else grouped bars) and which columns: the metrics the figure's title or
 * objective names when it names any; else the metrics the idea calls its results ({@link HeadlineMetrics}); else
 * the columns the table marks better-when-higher or -lower; only columns in the first one's unit and on a
 * comparable scale, since they share one axis; at most {@link #MAX_BAR_SERIES} bar series or {@link #MAX_LINES}
 * lines.
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
    /** Words after which a caption stops naming its quantity and starts naming the setting ("RMSE on NYU"). */
    private static final List<String> QUANTITY_END = List.of("on", "as a function of", "across", "by", "for",
            "versus", "vs", "vs.", "during", "with", "per", "under", "at");

    private ChartPlanner() {
    }

    public static ChartData plan(PlannedFigure figure, SourceTable source) {
        return plan(figure, source, HeadlineMetrics.NONE);
    }

    /** The chart of a figure, preferring the metrics the idea calls its results. */
    public static ChartData plan(PlannedFigure figure, SourceTable source, HeadlineMetrics headline) {
        MarkdownTable table = source.table();
        Optional<List<Double>> xValues = numericRowLabels(table);
        String objective = figure.objective().toLowerCase(Locale.ROOT);
        if (isMatrix(table) || asks(objective, "heatmap", "heat map", "matrix")) {
            List<Integer> columns = QuantityColumns.quantityColumns(table);
            return chart(ChartData.Kind.HEATMAP, table, source, columns, List.of(), false);
        }
        if (asks(objective, "scatter", "trade-off", "tradeoff") && QuantityColumns.quantityColumns(table).size() >= 2) {
            return scatter(figure, source, headline);
        }
        boolean line = xValues.isPresent() && !asksForBars(figure);
        List<Integer> columns = chooseColumns(figure, table, line ? ChartData.Kind.LINE : ChartData.Kind.BAR,
                headline);
        ChartData.Kind kind;
        if (line) {
            kind = ChartData.Kind.LINE;
        } else if (columns.size() > 1 && (asks(objective, "stacked", "breakdown", "composition", "share of")
                || partsOfAWhole(table, columns))) {
            kind = ChartData.Kind.STACKED_BAR;
        } else if (withSpreads(table, columns)) {
            kind = ChartData.Kind.ERROR_BAR;
        } else {
            kind = columns.size() > 1 ? ChartData.Kind.GROUPED_BAR : ChartData.Kind.BAR;
        }
        return chart(kind, table, source, columns, line ? xValues.get() : List.of(), kind == ChartData.Kind.ERROR_BAR);
    }

    /**
     * A chart of the given columns in table order.
     *
     * @param errors true to carry each cell's ± spread as its error bar
     */
    public static ChartData chart(ChartData.Kind kind, MarkdownTable table, SourceTable source, List<Integer> columns,
            List<Double> xValues, boolean errors) {
        List<ChartData.Series> series = columns.stream().map(column -> series(table, column, errors)).toList();
        return new ChartData(kind, AxisLabels.name(table.header().getFirst()), valueLabel(series, table.caption()),
                rowLabels(table, columns), xValues, series, source);
    }

    /** x from the first quantity column, y from the metric the figure names (else the next quantity). */
    private static ChartData scatter(PlannedFigure figure, SourceTable source, HeadlineMetrics headline) {
        MarkdownTable table = source.table();
        List<Integer> quantities = QuantityColumns.quantityColumns(table);
        int y = chooseColumns(figure, table, ChartData.Kind.BAR, headline).getFirst();
        int x = quantities.stream().filter(column -> column != y).findFirst().orElseThrow();
        ChartData.Series ys = series(table, y, false);
        List<Double> xs = series(table, x, false).values();
        return new ChartData(ChartData.Kind.SCATTER, AxisLabels.label(table.header().get(x)), ys.label(),
                rowLabels(table, List.of(x, y)), xs, List.of(ys), source);
    }

    /** A confusion-style matrix: the column headers are the row labels. */
    static boolean isMatrix(MarkdownTable table) {
        List<String> headers = QuantityColumns.quantityColumns(table).stream()
                .map(column -> AxisLabels.name(table.header().get(column))).toList();
        return table.rows().size() >= 2 && headers.size() == table.rows().size()
                && new HashSet<>(headers).equals(new HashSet<>(labels(table)));
    }

    /** Percentages that add up to 100 in every row: parts of one whole, stacked. */
    static boolean partsOfAWhole(MarkdownTable table, List<Integer> columns) {
        for (int row = 0; row < table.rows().size(); row++) {
            double sum = 0;
            for (int column : columns) {
                NumericCell cell = table.number(row, column).orElseThrow();
                if (!cell.percent() && !unit(table, column).equals("%")) {
                    return false;
                }
                sum += cell.value();
            }
            if (Math.abs(sum - 100) > 1.0) {
                return false;
            }
        }
        return true;
    }

    /** True when every charted cell gives a ± spread. */
    public static boolean withSpreads(MarkdownTable table, List<Integer> columns) {
        for (int row = 0; row < table.rows().size(); row++) {
            for (int column : columns) {
                if (table.number(row, column).map(cell -> cell.spread() == null).orElse(true)) {
                    return false;
                }
            }
        }
        return !columns.isEmpty();
    }

    private static boolean constant(MarkdownTable table, int column) {
        return table.rows().size() > 1 && java.util.stream.IntStream.range(0, table.rows().size())
                .mapToObj(row -> table.number(row, column).map(NumericCell::value).orElse(Double.NaN))
                .distinct().count() == 1;
    }

    private static boolean asks(String objective, String... words) {
        for (String word : words) {
            if (objective.contains(word)) {
                return true;
            }
        }
        return false;
    }

    static List<Integer> chooseColumns(PlannedFigure figure, MarkdownTable table, ChartData.Kind kind) {
        return chooseColumns(figure, table, kind, HeadlineMetrics.NONE);
    }

    static List<Integer> chooseColumns(PlannedFigure figure, MarkdownTable table, ChartData.Kind kind,
            HeadlineMetrics headline) {
        List<Integer> quantities = QuantityColumns.quantityColumns(table);
        // a column with one value in every row compares nothing; chart it only when nothing else is left
        List<Integer> varying = quantities.stream().filter(column -> !constant(table, column)).toList();
        List<Integer> numeric = varying.isEmpty() ? quantities : varying;
        // metrics are the columns the idea names as its results and those marked better-when-higher/lower;
        // unmarked ones beside them are settings (points, parameters). Columns naming methods carry no mark and
        // are no result of the idea, so the title filter only picks metrics.
        List<Integer> named = headline.columns(table, numeric);
        List<Integer> marked = numeric.stream()
                .filter(column -> AxisLabels.direction(table.header().get(column)) != 0).toList();
        List<Integer> metrics = new ArrayList<>(named);
        marked.stream().filter(column -> !metrics.contains(column)).forEach(metrics::add);
        List<Integer> candidates = numeric;
        if (!metrics.isEmpty()) {
            // words the figure adds to the table's own caption are the ones that single out columns
            Set<String> wanted = new HashSet<>(TableFinder.words(figure.title() + " " + figure.objective()));
            wanted.removeAll(TableFinder.words(table.caption()));
            // a bare number ("20 points") names a setting, not a metric
            wanted.removeIf(word -> word.chars().allMatch(Character::isDigit));
            List<Integer> asked = metrics.stream()
                    .filter(column -> TableFinder.words(AxisLabels.name(table.header().get(column))).stream()
                            .anyMatch(wanted::contains))
                    .toList();
            candidates = !asked.isEmpty() && asked.size() < metrics.size() ? asked
                    : named.isEmpty() ? marked : named;
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
        String unit = trailingParenthesis(AxisLabels.name(table.header().get(column)));
        return unit.length() <= MAX_UNIT ? unit : "";
    }

    /** What a label ends with in parentheses, "ms" of "Latency (ms)"; "" when it ends otherwise. */
    static String trailingParenthesis(String label) {
        String text = label.strip();
        int open = text.lastIndexOf('(');
        if (!text.endsWith(")") || open < 0 || text.indexOf(')', open) != text.length() - 1) {
            return "";
        }
        return text.substring(open + 1, text.length() - 1).strip();
    }

    public static ChartData.Series series(MarkdownTable table, int column, boolean errors) {
        List<Double> values = new ArrayList<>();
        List<Double> spreads = new ArrayList<>();
        List<String> digits = new ArrayList<>();
        for (int row = 0; row < table.rows().size(); row++) {
            NumericCell cell = table.number(row, column).orElseThrow(() -> new IllegalStateException(
                    "numeric column without a number"));
            values.add(cell.value());
            digits.add(cell.digits() + (cell.percent() ? "%" : ""));
            if (errors && cell.spread() != null) {
                spreads.add(cell.spread());
            }
        }
        String header = table.header().get(column);
        return new ChartData.Series(column, AxisLabels.name(header), AxisLabels.label(header), values, digits,
                spreads);
    }

    /**
     * Row labels, unique: a repeated label (the same method in two settings) gets the cell of the first
     * uncharted column that tells the rows apart, e.g. "GlimpseDepth (200 Points)", else a running number;
     * bars of two rows must never merge.
     */
    public static List<String> rowLabels(MarkdownTable table, List<Integer> charted) {
        List<String> labels = labels(table);
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

    /** The row labels as the chart prints them: Markdown read by the model, math as Unicode. */
    static List<String> labels(MarkdownTable table) {
        return table.rows().stream().map(row -> AxisLabels.text(row.getFirst())).toList();
    }

    /** Row labels made unique as they are for a chart of no particular column. */
    public static List<String> uniqueRowLabels(MarkdownTable table) {
        return rowLabels(table, List.of());
    }

    /** The row labels as x values when every one is a number (at least two rows), else empty. */
    public static Optional<List<Double>> numericRowLabels(MarkdownTable table) {
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
    public static String valueLabel(List<ChartData.Series> series, String tableCaption) {
        if (series.size() == 1) {
            return series.getFirst().label();
        }
        boolean metrics = series.stream().allMatch(s -> !s.label().equals(s.name()));
        String joined = String.join(" / ", series.stream().map(ChartData.Series::name).toList());
        if (metrics && joined.length() <= MAX_AXIS_LABEL) {
            return joined;
        }
        String caption = AxisLabels.name(tableCaption);
        String unit = trailingParenthesis(caption);
        if (!unit.isEmpty() && unit.length() <= MAX_AXIS_LABEL) {
            return unit;
        }
        String quantity = quantityOf(caption);
        return quantity.length() < caption.length() && quantity.length() <= MAX_AXIS_LABEL ? quantity : "";
    }

    /** The caption up to its first comma or the first word that starts the setting ("on", "across", ...). */
    static String quantityOf(String caption) {
        int comma = caption.indexOf(',');
        String text = comma >= 0 ? caption.substring(0, comma) : caption;
        String lower = text.toLowerCase(Locale.ROOT);
        int end = text.length();
        for (String words : QUANTITY_END) {
            int at = lower.indexOf(" " + words + " ");
            if (at > 0) {
                end = Math.min(end, at);
            }
        }
        return text.substring(0, end).strip();
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
