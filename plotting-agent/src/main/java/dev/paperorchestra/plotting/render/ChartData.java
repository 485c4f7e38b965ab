package dev.paperorchestra.plotting.render;

import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * What a chart shows, taken cell by cell from one table: nothing here is computed or invented, every value
 * (and every error bar) is a logged number.
 *
 * @param kind          the chart kind
 * @param categoryLabel axis label of the rows (the table's first header cell; for a scatter plot, the x column)
 * @param valueLabel    axis label of the values
 * @param categories    row labels in the order drawn (for a line chart, the x values as written)
 * @param xValues       x positions by row: numeric row labels for a line chart, the x column for a scatter plot;
 *                      empty for the other kinds
 * @param series        one series per charted column
 * @param source        the table
 * @param presentation  scale, highlight and legend choices
 */
public record ChartData(Kind kind, String categoryLabel, String valueLabel, List<String> categories,
        List<Double> xValues, List<Series> series, SourceTable source, Presentation presentation) {

    public ChartData {
        categories = List.copyOf(categories);
        xValues = List.copyOf(xValues);
        series = List.copyOf(series);
    }

    public ChartData(Kind kind, String categoryLabel, String valueLabel, List<String> categories,
            List<Double> xValues, List<Series> series, SourceTable source) {
        this(kind, categoryLabel, valueLabel, categories, xValues, series, source, Presentation.PLAIN);
    }

    /** The chart kinds both paths draw; the model path names them in its spec by {@link #id()}. */
    public enum Kind {
        /** One bar per row. */
        BAR,
        /** One group of bars per row, one bar per column. */
        GROUPED_BAR,
        /** Columns that are parts of a whole, stacked per row. */
        STACKED_BAR,
        /** One line per column over numeric row labels. */
        LINE,
        /** One point per row, x and y from two columns. */
        SCATTER,
        /** Rows by columns as coloured cells, every cell labelled with its logged number. */
        HEATMAP,
        /** Bars with the ± spread the log gives for each cell. */
        ERROR_BAR;

        /** The spec's name, e.g. {@code grouped_bar}. */
        public String id() {
            return name().toLowerCase(Locale.ROOT);
        }

        public static Optional<Kind> fromId(String id) {
            for (Kind kind : values()) {
                if (kind.id().equals(id)) {
                    return Optional.of(kind);
                }
            }
            return Optional.empty();
        }

        /** Kinds drawn as bars over row categories. */
        public boolean bars() {
            return this == BAR || this == GROUPED_BAR || this == STACKED_BAR || this == ERROR_BAR;
        }
    }

    /** Where the legend goes. */
    public enum LegendPlacement {
        TOP, BOTTOM, RIGHT, NONE;

        public String id() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /**
     * Drawing choices that do not change any number.
     *
     * @param logScale  value axis on a log scale (data spanning decades)
     * @param highlight row label of the proposed method, drawn emphasised; null for none
     * @param legend    legend placement
     */
    public record Presentation(boolean logScale, @Nullable String highlight, LegendPlacement legend) {

        public static final Presentation PLAIN = new Presentation(false, null, LegendPlacement.TOP);
    }

    /**
     * One charted column.
     *
     * @param column  column index in the table
     * @param name    plain metric name, for captions
     * @param label   legend label (name plus direction)
     * @param values  values by row, as parsed from the cells
     * @param digits  the cells' numbers exactly as written, by row
     * @param errors  the ± spread of each cell as logged, by row; empty unless the chart draws error bars
     */
    public record Series(int column, String name, String label, List<Double> values, List<String> digits,
            List<Double> errors) {

        public Series {
            values = List.copyOf(values);
            digits = List.copyOf(digits);
            errors = List.copyOf(errors);
        }

        public Series(int column, String name, String label, List<Double> values, List<String> digits) {
            this(column, name, label, values, digits, List.of());
        }
    }

    public int barCount() {
        return kind.bars() ? categories.size() * (kind == Kind.STACKED_BAR ? 1 : series.size()) : 0;
    }

    /** Every number drawn, as written in the log (values, then spreads). */
    public List<String> plottedDigits() {
        return series.stream().flatMap(s -> s.digits().stream()).toList();
    }
}
