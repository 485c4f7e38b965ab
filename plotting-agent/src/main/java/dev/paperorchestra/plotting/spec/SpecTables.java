package dev.paperorchestra.plotting.spec;

import dev.paperorchestra.plotting.render.AxisLabels;
import dev.paperorchestra.plotting.render.ChartPlanner;
import dev.paperorchestra.plotting.render.QuantityColumns;
import dev.paperorchestra.plotting.render.SourceTable;
import java.util.List;
import java.util.Optional;

/**
 * The tables a spec may draw from, each with the references a spec uses: an id ({@code T1}, {@code T2}...),
 * its rows by their (unique) label and its quantity columns by their plain header name. Only these cells can
 * be named in a spec, which is what makes every plotted number a logged one.
 */
public record SpecTables(List<Entry> entries) {

    public SpecTables {
        entries = List.copyOf(entries);
    }

    /**
     * One table and its references.
     *
     * @param id      the spec's reference, e.g. T2
     * @param source  the table
     * @param rows    row labels, unique, in table order
     * @param columns quantity column names, in table order
     * @param indexes table column index of each name in {@code columns}
     */
    public record Entry(String id, SourceTable source, List<String> rows, List<String> columns,
            List<Integer> indexes) {

        public Entry {
            rows = List.copyOf(rows);
            columns = List.copyOf(columns);
            indexes = List.copyOf(indexes);
        }

        /** The table column index of a column name, or -1. */
        public int columnIndex(String name) {
            int at = columns.indexOf(name);
            return at < 0 ? -1 : indexes.get(at);
        }
    }

    /** Every table with at least one quantity column, numbered in the order given. */
    public static SpecTables of(List<SourceTable> tables) {
        List<Entry> entries = new java.util.ArrayList<>();
        for (SourceTable table : tables) {
            List<Integer> columns = QuantityColumns.quantityColumns(table.table());
            if (columns.isEmpty()) {
                continue;
            }
            entries.add(new Entry("T" + (entries.size() + 1), table, ChartPlanner.uniqueRowLabels(table.table()),
                    columns.stream().map(column -> AxisLabels.name(table.table().header().get(column))).toList(),
                    columns));
        }
        return new SpecTables(entries);
    }

    public Optional<Entry> byId(String id) {
        return entries.stream().filter(entry -> entry.id().equals(id)).findFirst();
    }

    /** The id of a table, for a rule-made spec. */
    public Optional<String> idOf(SourceTable table) {
        return entries.stream().filter(entry -> entry.source().equals(table)).map(Entry::id).findFirst();
    }

    /** The tables as the planner sees them: id, caption, then the cells as written, as a GFM table. */
    public String describe() {
        StringBuilder text = new StringBuilder();
        for (Entry entry : entries) {
            var table = entry.source().table();
            text.append("### ").append(entry.id()).append(": ").append(table.caption()).append('\n');
            text.append("Row labels: ").append(String.join(" | ", entry.rows())).append('\n');
            text.append("Quantity columns: ").append(String.join(" | ", entry.columns())).append('\n');
            text.append("| ").append(String.join(" | ", table.header())).append(" |\n");
            text.append("|").append("---|".repeat(table.header().size())).append('\n');
            for (List<String> row : table.rows()) {
                text.append("| ").append(String.join(" | ", row)).append(" |\n");
            }
            text.append('\n');
        }
        return text.toString();
    }
}
