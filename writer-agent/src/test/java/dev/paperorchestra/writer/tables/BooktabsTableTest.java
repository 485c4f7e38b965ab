package dev.paperorchestra.writer.tables;

import static org.assertj.core.api.Assertions.assertThat;

import dev.paperorchestra.content.materials.MarkdownTable;
import dev.paperorchestra.content.materials.MarkdownTables;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;

class BooktabsTableTest {

    private static final String LOG = """
            ### Main results on the benchmark

            | Method | Acc. (%) ↑ | Error ↓ | Gain |
            |---|---|---|---|
            | Baseline | 71.2 ± 0.4 | 0.334 | 12.5% |
            | Ours & co | **81.7** | **0.329 ± 0.002** | -8.5% |
            """;

    private static MarkdownTable table() {
        return MarkdownTables.parse(LOG).getFirst();
    }

    @Test
    void cells_are_converted_exactly() {
        String latex = BooktabsTable.render(table(), "tab:main", false);

        assertThat(latex).contains("Method & Acc. (\\%) $\\uparrow$ & Error $\\downarrow$ & Gain \\\\\n")
                .contains("Baseline & 71.2 $\\pm$ 0.4 & 0.334 & 12.5\\% \\\\\n")
                .contains("Ours \\& co & \\textbf{81.7} & \\textbf{0.329 $\\pm$ 0.002} & -8.5\\% \\\\\n");
    }

    @Test
    void a_table_is_a_booktabs_float_with_caption_and_label() {
        String latex = BooktabsTable.render(table(), "tab:main", false);

        assertThat(latex).startsWith("\\begin{table}[t]\n\\centering\n\\small\n"
                + "\\caption{Main results on the benchmark}\n\\label{tab:main}\n\\begin{tabular}{lccc}\n\\toprule\n");
        assertThat(latex.indexOf("\\midrule")).isGreaterThan(latex.indexOf("Method &"))
                .isLessThan(latex.indexOf("Baseline &"));
        assertThat(latex).endsWith("\\bottomrule\n\\end{tabular}\n\\end{table}\n");
    }

    @Test
    void every_number_survives_the_conversion() {
        String latex = BooktabsTable.render(table(), "tab:main", true);

        NumericFidelity.Report report = NumericFidelity.check(List.of(table()), latex);

        assertThat(report.checked()).isEqualTo(8);
        assertThat(report.missing()).isEmpty();
    }

    @Test
    void a_table_with_more_than_six_columns_spans_both_columns_of_a_two_column_paper() {
        MarkdownTable wide = table(7);

        assertThat(BooktabsTable.render(wide, "tab:w", true)).startsWith("\\begin{table*}[t]")
                .endsWith("\\end{table*}\n");
        assertThat(BooktabsTable.render(table(6), "tab:n", true)).startsWith("\\begin{table}[t]");
    }

    @Test
    void a_wide_table_stays_a_table_in_a_single_column_paper() {
        assertThat(BooktabsTable.render(table(7), "tab:w", false)).startsWith("\\begin{table}[t]")
                .doesNotContain("table*");
    }

    @Test
    void a_table_with_long_cells_spans_both_columns_even_with_few_columns() {
        MarkdownTable longCells = MarkdownTables.parse("""
                | Variant | RMSE ↓ |
                |---|---|
                | Measurements as an input channel instead of tokens in the encoder | 0.274 |
                """).getFirst();

        assertThat(BooktabsTable.render(longCells, "tab:l", true)).startsWith("\\begin{table*}[t]");
    }

    @Test
    void only_tables_with_more_than_seven_columns_are_scaled_to_the_line_width() {
        assertThat(BooktabsTable.render(table(7), "tab:a", true)).doesNotContain("\\resizebox");
        assertThat(BooktabsTable.render(table(8), "tab:b", true))
                .contains("\\resizebox{\\linewidth}{!}{%\n\\begin{tabular}{lccccccc}")
                .contains("\\end{tabular}}\n\\end{table*}");
    }

    /** A table with this many columns: a label column and numeric ones. */
    private static MarkdownTable table(int columns) {
        List<String> header = new java.util.ArrayList<>(List.of("Setting"));
        List<String> row = new java.util.ArrayList<>(List.of("A"));
        for (int c = 1; c < columns; c++) {
            header.add("M" + c);
            row.add("0." + c);
        }
        return new MarkdownTable(0, "Sweep", header, Collections.nCopies(2, row));
    }
}
