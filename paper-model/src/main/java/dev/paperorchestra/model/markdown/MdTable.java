package dev.paperorchestra.model.markdown;

import java.util.List;

/**
 * A table of the materials, each cell both as written (for copying numbers digit for digit) and as typed text.
 *
 * @param index   0-based position among the document's tables
 * @param caption what names the table: the heading, bold line or "Table n:" line right above it, else "Table n"
 * @param header  header cells
 * @param rows    body rows, each as wide as the header (missing cells are empty, extra cells dropped)
 * @param ragged  1-based body rows whose cell count as written differed from the header's, with that count
 * @param line    1-based line of the header row
 */
public record MdTable(int index, String caption, List<InlineText> header, List<List<InlineText>> rows,
        List<RaggedRow> ragged, int line) {

    /** A body row written with a different number of cells than the header has. */
    public record RaggedRow(int row, int cells) {
    }

    public MdTable {
        header = List.copyOf(header);
        rows = rows.stream().map(List::copyOf).toList();
        ragged = List.copyOf(ragged);
    }

    /** The header cells as a reader sees them (emphasis unwrapped, math as Unicode). */
    public List<String> headerText() {
        return header.stream().map(InlineText::plain).toList();
    }

    /** The body cells as written. */
    public List<List<String>> rowsAsWritten() {
        return rows.stream().map(row -> row.stream().map(InlineText::source).toList()).toList();
    }

    /** The row labels (first column) as a reader sees them. */
    public List<String> rowLabels() {
        return rows.stream().map(row -> row.isEmpty() ? "" : row.getFirst().plain()).toList();
    }
}
