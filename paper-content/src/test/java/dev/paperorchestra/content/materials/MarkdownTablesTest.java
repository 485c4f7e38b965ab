package dev.paperorchestra.content.materials;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class MarkdownTablesTest {

    private static final String LOG = """
            ## Results

            ### Main results on NYU Depth v2

            | Method | RMSE ↓ | δ1 ↑ | Notes |
            |---|---:|---|---|
            | BTS | 0.392 | 0.885 | public code |
            | **Ours** | **0.351** | 0.903 ± 0.002 | - |

            Some observation in prose.

            | Samples | Acc. (%) |
            |---|---|
            | 100 | 61.0 |
            | 200 | 66.5 |
            """;

    @Test
    void finds_every_pipe_table_with_the_heading_above_as_caption() {
        List<MarkdownTable> tables = MarkdownTables.parse(LOG);

        assertThat(tables).extracting(MarkdownTable::caption).containsExactly("Main results on NYU Depth v2", "Table 2");
    }

    @Test
    void keeps_cells_exactly_as_written() {
        MarkdownTable table = MarkdownTables.parse(LOG).getFirst();

        assertThat(table.header()).containsExactly("Method", "RMSE ↓", "δ1 ↑", "Notes");
        assertThat(table.rows().get(1)).containsExactly("**Ours**", "**0.351**", "0.903 ± 0.002", "-");
    }

    @Test
    void numeric_columns_are_those_whose_every_cell_holds_a_number() {
        MarkdownTable table = MarkdownTables.parse(LOG).getFirst();

        assertThat(table.numericColumns()).containsExactly(1, 2);
        assertThat(table.rowLabels()).containsExactly("BTS", "Ours");
    }

    @Test
    void a_document_without_tables_has_none() {
        assertThat(MarkdownTables.parse("# Idea\n\nNo tables | here.\n")).isEmpty();
    }
}
