package dev.paperorchestra.plotting.spec;

import dev.paperorchestra.plotting.render.AxisLabels;
import dev.paperorchestra.plotting.render.ChartData;
import dev.paperorchestra.plotting.render.ChartPlanner;
import dev.paperorchestra.content.materials.MarkdownTable;
import dev.paperorchestra.content.materials.NumericCell;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Turns a spec into chart data, cell by cell from the log. Every number the spec states must be the cell it
 * names (a spec that read 0.35 where the log says 0.392 is rejected, never drawn), and the kind must fit the
 * cells (error bars need logged spreads, a line needs numeric row labels, a scatter plot an x column).
 */
public final class SpecResolver {

    /** Relative tolerance for the planner's copy of a number (JSON may print 0.1 as 0.1000000001). */
    private static final double TOLERANCE = 1e-9;

    private SpecResolver() {
    }

    /** The outcome. */
    public sealed interface Resolution {
    }

    /** The chart to draw. */
    public record Drawn(ChartData data) implements Resolution {
    }

    /** A spec that cannot be drawn as written, and why. */
    public record Rejected(String reason) implements Resolution {
    }

    public static Resolution resolve(ChartSpec spec, SpecTables tables) {
        Optional<SpecTables.Entry> found = tables.byId(spec.table());
        if (found.isEmpty()) {
            return new Rejected("table " + spec.table() + " does not exist");
        }
        SpecTables.Entry entry = found.get();
        MarkdownTable table = entry.source().table();
        List<Integer> rows = new ArrayList<>();
        for (String row : spec.rows()) {
            int index = entry.rows().indexOf(row);
            if (index < 0) {
                return new Rejected("row '" + row + "' is not in table " + entry.id());
            }
            if (rows.contains(index)) {
                return new Rejected("row '" + row + "' is drawn twice");
            }
            rows.add(index);
        }
        List<Integer> columns = new ArrayList<>();
        for (ChartSpec.Column column : spec.series()) {
            int index = entry.columnIndex(column.column());
            if (index < 0) {
                return new Rejected("column '" + column.column() + "' is not a quantity column of table " + entry.id());
            }
            Optional<String> mismatch = mismatch(table, entry, rows, index, column);
            if (mismatch.isPresent()) {
                return new Rejected(mismatch.get());
            }
            columns.add(index);
        }
        Optional<String> unfit = unfit(spec, entry, rows, columns);
        if (unfit.isPresent()) {
            return new Rejected(unfit.get());
        }
        return new Drawn(data(spec, entry, ordered(spec, table, rows, columns.getFirst()), columns));
    }

    /** The first number the spec states that is not the logged one. */
    private static Optional<String> mismatch(MarkdownTable table, SpecTables.Entry entry, List<Integer> rows,
            int column, ChartSpec.Column spec) {
        if (spec.values().size() != rows.size()) {
            return Optional.of("column '" + spec.column() + "' states " + spec.values().size() + " values for "
                    + rows.size() + " rows");
        }
        for (int i = 0; i < rows.size(); i++) {
            NumericCell cell = table.number(rows.get(i), column).orElseThrow();
            double stated = spec.values().get(i);
            if (Math.abs(stated - cell.value()) > TOLERANCE * Math.max(1, Math.abs(cell.value()))) {
                return Optional.of("the spec plots " + stated + " for '" + entry.rows().get(rows.get(i)) + "' / '"
                        + spec.column() + "' but the log says " + cell.digits() + "; numbers differ from the log");
            }
        }
        return Optional.empty();
    }

    private static Optional<String> unfit(ChartSpec spec, SpecTables.Entry entry, List<Integer> rows,
            List<Integer> columns) {
        MarkdownTable table = entry.source().table();
        return switch (spec.kind()) {
            case LINE -> ChartPlanner.numericRowLabels(subTable(table, rows)).isPresent() ? Optional.empty()
                    : Optional.of("a line chart needs at least two rows with numeric labels; the rows drawn from "
                            + entry.id() + " are not");
            case ERROR_BAR -> ChartPlanner.withSpreads(subTable(table, rows), columns) ? Optional.empty()
                    : Optional.of("error bars need a logged ± spread in every drawn cell");
            case SCATTER -> spec.series().size() == 1 && entry.columnIndex(spec.xColumn()) >= 0
                    && entry.columnIndex(spec.xColumn()) != columns.getFirst() ? Optional.empty()
                    : Optional.of("a scatter plot needs one y column and a different x_column");
            case HEATMAP, STACKED_BAR, GROUPED_BAR -> columns.size() >= 2 ? Optional.empty()
                    : Optional.of("a " + spec.kind().id() + " chart needs at least two columns");
            case BAR -> Optional.empty();
        };
    }

    private static MarkdownTable subTable(MarkdownTable table, List<Integer> rows) {
        return new MarkdownTable(table.index(), table.caption(), table.header(),
                rows.stream().map(table.rows()::get).toList());
    }

    private static List<Integer> ordered(ChartSpec spec, MarkdownTable table, List<Integer> rows, int column) {
        Comparator<Integer> byValue = Comparator.comparingDouble(
                row -> table.number(row, column).map(NumericCell::value).orElse(0.0));
        return switch (spec.order().toLowerCase(Locale.ROOT)) {
            case "ascending" -> rows.stream().sorted(byValue).toList();
            case "descending" -> rows.stream().sorted(byValue.reversed()).toList();
            default -> rows;
        };
    }

    private static ChartData data(ChartSpec spec, SpecTables.Entry entry, List<Integer> rows, List<Integer> columns) {
        MarkdownTable table = entry.source().table();
        MarkdownTable drawn = subTable(table, rows);
        boolean errors = spec.kind() == ChartData.Kind.ERROR_BAR;
        List<ChartData.Series> series = columns.stream().map(c -> ChartPlanner.series(drawn, c, errors)).toList();
        List<String> categories = rows.stream().map(entry.rows()::get).toList();
        String highlight = categories.contains(spec.highlight())
                || series.stream().anyMatch(s -> s.name().equals(spec.highlight())) ? spec.highlight() : null;
        ChartData.Presentation presentation = new ChartData.Presentation(spec.logScale(), highlight, spec.legend());
        List<Double> xValues = List.of();
        String categoryLabel = AxisLabels.name(table.header().getFirst());
        if (spec.kind() == ChartData.Kind.LINE) {
            xValues = ChartPlanner.numericRowLabels(drawn).orElseThrow();
        } else if (spec.kind() == ChartData.Kind.SCATTER) {
            int x = entry.columnIndex(spec.xColumn());
            xValues = ChartPlanner.series(drawn, x, false).values();
            categoryLabel = AxisLabels.label(table.header().get(x));
        }
        String valueLabel = spec.valueLabel().isBlank() ? ChartPlanner.valueLabel(series, table.caption())
                : spec.valueLabel().strip();
        return new ChartData(spec.kind(), categoryLabel, valueLabel, categories, xValues, series, entry.source(),
                presentation);
    }
}
