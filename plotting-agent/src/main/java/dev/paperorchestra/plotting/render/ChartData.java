package dev.paperorchestra.plotting.render;

import java.util.List;

/**
 * What a chart shows, taken cell by cell from one table: nothing here is computed or invented, every value
 * is a logged number.
 *
 * @param kind          bar chart over row labels, or line chart over numeric row labels
 * @param categoryLabel axis label of the rows (the table's first header cell)
 * @param valueLabel    axis label of the values
 * @param categories    row labels in table order (for a line chart, the x values as written)
 * @param xValues       numeric row labels, for a line chart; empty for a bar chart
 * @param series        one series per charted column
 * @param source        the table
 */
public record ChartData(Kind kind, String categoryLabel, String valueLabel, List<String> categories,
        List<Double> xValues, List<Series> series, SourceTable source) {

    public ChartData {
        categories = List.copyOf(categories);
        xValues = List.copyOf(xValues);
        series = List.copyOf(series);
    }

    /** The chart types offline mode draws. */
    public enum Kind { BAR, LINE }

    /**
     * One charted column.
     *
     * @param column  column index in the table
     * @param name    plain metric name, for captions
     * @param label   legend label (name plus direction)
     * @param values  values by row, as parsed from the cells
     * @param digits  the cells' numbers exactly as written, by row
     */
    public record Series(int column, String name, String label, List<Double> values, List<String> digits) {

        public Series {
            values = List.copyOf(values);
            digits = List.copyOf(digits);
        }
    }

    public int barCount() {
        return kind == Kind.BAR ? categories.size() * series.size() : 0;
    }
}
