package dev.paperorchestra.writer.figures;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class FigurePlanTest {

    private static final String LOG = """
            ## Main results

            | Method | RMSE ↓ | MAE ↓ |
            |---|---|---|
            | Baseline | 43.43 | 20.1 |
            | Ours | 38.91 | 17.6 |
            """;
    private static final String TABLE = """
            \\begin{table}[t]
            \\caption{Main results}
            \\begin{tabular}{lcc}
            Method & RMSE & MAE \\\\
            Baseline & 43.43 & 20.1 \\\\
            Ours & 38.91 & 17.6 \\\\
            \\end{tabular}
            \\end{table}
            """;
    private static final String FIGURE_ONLY = "Figure~\\ref{fig:fig_main} draws the main results.";

    @Test
    void a_table_a_chart_presents_alone_typeset_anyway_is_a_finding_naming_table_and_figure() {
        FigurePlan plan = new FigurePlan(Map.of("Main results", "fig_main"), Map.of(), List.of());

        assertThat(plan.findings(TABLE, LOG)).singleElement().asString()
                .contains("\"Main results\"", "fig_main", "drop the table");
        assertThat(plan.checked()).isEqualTo(1);
    }

    @Test
    void the_same_table_left_to_its_chart_passes() {
        FigurePlan plan = new FigurePlan(Map.of("Main results", "fig_main"), Map.of(), List.of());

        assertThat(plan.findings(FIGURE_ONLY, LOG)).isEmpty();
    }

    @Test
    void a_table_whose_chart_says_why_it_is_shown_too_may_be_typeset() {
        FigurePlan plan = new FigurePlan(Map.of(), Map.of("Main results", "the exact errors matter"), List.of());

        assertThat(plan.findings(TABLE, LOG)).isEmpty();
        assertThat(plan.checked()).isZero();
    }

    @Test
    void a_tabular_holding_only_some_of_the_tables_numbers_is_not_the_table() {
        FigurePlan plan = new FigurePlan(Map.of("Main results", "fig_main"), Map.of(), List.of());
        String partial = TABLE.replace("Baseline & 43.43 & 20.1 \\\\\n", "");

        assertThat(plan.findings(partial, LOG)).isEmpty();
    }
}
