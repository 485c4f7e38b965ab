package dev.paperorchestra.content.materials;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A pipe table from the experimental log, cells kept exactly as written (decorations included) so the
 * writer can copy every number digit for digit.
 *
 * @param index   0-based position among the log's tables
 * @param caption the heading right above the table, or "Table n" when there is none
 * @param header  header cells
 * @param rows    body rows; every row has as many cells as the header
 */
public record MarkdownTable(int index, String caption, List<String> header, List<List<String>> rows) {

    public MarkdownTable {
        header = List.copyOf(header);
        rows = rows.stream().map(List::copyOf).toList();
    }

    /** Columns (after the first, which labels the rows) whose every body cell holds a number. */
    public List<Integer> numericColumns() {
        List<Integer> columns = new ArrayList<>();
        for (int column = 1; column < header.size(); column++) {
            final int c = column;
            if (!rows.isEmpty() && rows.stream().allMatch(row -> NumericCell.parse(row.get(c)).isPresent())) {
                columns.add(column);
            }
        }
        return columns;
    }

    /** True when the table has at least one numeric column to chart. */
    public boolean isNumeric() {
        return !numericColumns().isEmpty();
    }

    public Optional<NumericCell> number(int row, int column) {
        return NumericCell.parse(rows.get(row).get(column));
    }

    /** The row labels (first column), decorations removed. */
    public List<String> rowLabels() {
        return rows.stream().map(row -> MarkdownText.plain(row.get(0))).toList();
    }
}
