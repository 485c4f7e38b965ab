package dev.paperorchestra.writer.sections;

import static org.assertj.core.api.Assertions.assertThat;

import dev.paperorchestra.content.materials.MarkdownTables;
import org.junit.jupiter.api.Test;

class TableFindingsTest {

    private static String finding(String markdown) {
        return TableFindings.of(MarkdownTables.parse(markdown).getFirst());
    }

    @Test
    void the_bold_row_is_named_with_its_values_as_logged() {
        assertThat(finding("""
                | Method | RMSE ↓ | δ1 ↑ |
                |---|---|---|
                | Baseline | 0.398 | 0.902 |
                | Ours | **0.312 ± 0.002** | **0.951** |
                """)).isEqualTo("Ours has the best values of the table: RMSE 0.312 ± 0.002 and δ1 0.951.");
    }

    @Test
    void without_bold_cells_the_headers_arrows_say_which_extreme_is_best() {
        assertThat(finding("""
                | Method | Error ↓ | Accuracy ↑ |
                |---|---|---|
                | A | 4.1 | 71.0 |
                | B | 3.2 | 69.5 |
                """)).isEqualTo("B has the best value of the table: Error 3.2. A has the best value of the table: "
                + "Accuracy 71.0.");
    }

    @Test
    void a_table_whose_rows_are_settings_names_the_setting_and_the_column() {
        assertThat(finding("""
                | Points | Baseline | Ours |
                |---|---|---|
                | 5 | 0.612 | **0.262** |
                | 10 | 0.507 | **0.231** |
                """)).isEqualTo("For Points 10, the table's best entry is Ours 0.231.");
    }

    @Test
    void a_table_that_marks_no_best_gets_the_range_of_its_first_numeric_column() {
        assertThat(finding("""
                | Setting | Time (ms) |
                |---|---|
                | small | 12.5 |
                | large | 40.25 |
                | medium | 20.0 |
                """)).isEqualTo("Time (ms) ranges from 12.5 for small to 40.25 for large.");
    }
}
