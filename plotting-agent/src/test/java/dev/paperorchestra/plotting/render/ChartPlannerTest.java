package dev.paperorchestra.plotting.render;

import static org.assertj.core.api.Assertions.assertThat;

import dev.paperorchestra.plotting.Fixtures;
import dev.paperorchestra.content.materials.MarkdownTable;
import org.junit.jupiter.api.Test;

class ChartPlannerTest {

    @Test
    void draws_grouped_bars_when_row_labels_are_names() {
        ChartData data = ChartPlanner.plan(Fixtures.plot("Depth accuracy on NYU Depth v2", "", "4:3"),
                Fixtures.table(0));

        assertThat(data.kind()).isEqualTo(ChartData.Kind.GROUPED_BAR);
        assertThat(data.categories()).containsExactly("BTS", "AdaBins", "Ours");
        assertThat(data.categoryLabel()).isEqualTo("Method");
    }

    @Test
    void draws_lines_when_every_row_label_is_a_number() {
        ChartData data = ChartPlanner.plan(Fixtures.plot("RMSE (m) as a function of the number of sparse measurements",
                "", "4:3"), Fixtures.table(1));

        assertThat(data.kind()).isEqualTo(ChartData.Kind.LINE);
        assertThat(data.xValues()).containsExactly(5.0, 50.0, 500.0);
        assertThat(data.series()).extracting(ChartData.Series::name).containsExactly("Baseline", "Ours");
        assertThat(data.valueLabel()).isEqualTo("RMSE (m)");
    }

    @Test
    void draws_bars_over_numeric_row_labels_when_the_objective_asks_for_a_bar_chart() {
        ChartData data = ChartPlanner.plan(Fixtures.plot("Sparsity", "A bar chart of RMSE per density", "4:3"),
                Fixtures.table(1));

        assertThat(data.kind()).isEqualTo(ChartData.Kind.GROUPED_BAR);
    }

    @Test
    void charts_the_metric_columns_and_leaves_settings_and_other_units_out() {
        ChartData data = ChartPlanner.plan(Fixtures.plot("Depth accuracy on NYU Depth v2", "", "4:3"),
                Fixtures.table(0));

        // AbsRel and δ1 are unitless metrics; RMSE is in metres, Params (M) is a setting, not a metric
        assertThat(data.series()).extracting(ChartData.Series::name).containsExactly("AbsRel", "δ1");
        assertThat(data.series()).extracting(ChartData.Series::label)
                .containsExactly("AbsRel (lower is better)", "δ1 (higher is better)");
    }

    @Test
    void prefers_the_metrics_the_objective_names() {
        ChartData data = ChartPlanner.plan(Fixtures.plot("Depth accuracy on NYU Depth v2",
                "Bar chart of RMSE for each method", "4:3"), Fixtures.table(0));

        assertThat(data.series()).extracting(ChartData.Series::name).containsExactly("RMSE (m)");
        assertThat(data.valueLabel()).isEqualTo("RMSE (m) (lower is better)");
    }

    @Test
    void a_number_in_the_objective_does_not_pick_columns() {
        MarkdownTable ablation = SourceTable.parse("""
                ### Ablation
                | Variant | RMSE @ 20 pts ↓ | RMSE @ 200 pts ↓ | δ1 @ 20 pts ↑ |
                |---|---|---|---|
                | Full | 0.196 | 0.103 | 0.962 |
                | Small | 0.214 | 0.112 | 0.955 |
                """, SourceTable.Source.LOG).getFirst().table();

        assertThat(ChartPlanner.chooseColumns(Fixtures.plot("Ablation", "Bars of RMSE at 20 and 200 points", "4:3"),
                ablation, ChartData.Kind.BAR)).containsExactly(1, 2);
    }

    @Test
    void charts_at_most_four_bar_series() {
        MarkdownTable wide = SourceTable.parse("""
                ### Scores
                | Method | A ↑ | B ↑ | C ↑ | D ↑ | E ↑ |
                |---|---|---|---|---|---|
                | X | 1 | 2 | 3 | 4 | 5 |
                | Y | 2 | 3 | 4 | 5 | 6 |
                """, SourceTable.Source.LOG).getFirst().table();

        assertThat(ChartPlanner.chooseColumns(Fixtures.plot("Scores", "", "4:3"), wide, ChartData.Kind.BAR))
                .containsExactly(1, 2, 3, 4);
    }

    @Test
    void leaves_out_a_column_on_a_much_larger_scale() {
        MarkdownTable mixed = SourceTable.parse("""
                ### Scores
                | Method | Loss ↓ | Steps ↓ |
                |---|---|---|
                | X | 2.9 | 18000 |
                | Y | 2.7 | 14000 |
                """, SourceTable.Source.LOG).getFirst().table();

        assertThat(ChartPlanner.chooseColumns(Fixtures.plot("Scores", "", "4:3"), mixed, ChartData.Kind.BAR))
                .containsExactly(1);
    }

    @Test
    void tells_repeated_row_labels_apart_with_an_uncharted_column() {
        MarkdownTable repeated = SourceTable.parse("""
                ### Comparison
                | Method | Points | RMSE ↓ |
                |---|---|---|
                | Ours | 0 | 0.329 |
                | Baseline | 200 | 0.114 |
                | Ours | 200 | 0.103 |
                """, SourceTable.Source.LOG).getFirst().table();

        assertThat(ChartPlanner.rowLabels(repeated, java.util.List.of(2)))
                .containsExactly("Ours (0 Points)", "Baseline", "Ours (200 Points)");
    }

    @Test
    void keeps_the_logged_digits_of_every_cell() {
        ChartData data = ChartPlanner.plan(Fixtures.plot("Depth accuracy on NYU Depth v2", "", "4:3"),
                Fixtures.table(0));

        assertThat(data.series().getFirst().digits()).containsExactly("0.110", "0.103", "0.094");
    }
}
