package dev.paperorchestra.content.materials;

import dev.paperorchestra.model.markdown.InlineText;
import dev.paperorchestra.model.markdown.MarkdownDocument;
import dev.paperorchestra.model.markdown.MdTable;
import java.util.List;

/**
 * The tables of a Markdown document as the pipeline passes them on ({@link MarkdownTable}: cells as written),
 * read by the paper model in every GFM shape, each captioned by what stands right above it.
 */
public final class MarkdownTables {

    private MarkdownTables() {
    }

    /**
     * A body row whose cell count differs from the header's; the row is padded with empty cells or cut to fit.
     *
     * @param table  0-based table index
     * @param row    1-based body row
     * @param cells  cells the row has
     * @param header cells the header has
     */
    record RaggedRow(int table, int row, int cells, int header) {
    }

    public static List<MarkdownTable> parse(String markdown) {
        return MarkdownDocument.parse(markdown).tables().stream().map(MarkdownTables::of).toList();
    }

    /** Parses and collects every ragged row into {@code ragged}. */
    static List<MarkdownTable> parse(String markdown, List<RaggedRow> ragged) {
        List<MdTable> tables = MarkdownDocument.parse(markdown).tables();
        for (MdTable table : tables) {
            table.ragged().forEach(row -> ragged.add(new RaggedRow(table.index(), row.row(), row.cells(),
                    table.header().size())));
        }
        return tables.stream().map(MarkdownTables::of).toList();
    }

    /** The pipeline's table from the model's: header and cells as written. */
    public static MarkdownTable of(MdTable table) {
        return new MarkdownTable(table.index(), table.caption(), table.header().stream().map(InlineText::source)
                .toList(), table.rowsAsWritten());
    }
}
