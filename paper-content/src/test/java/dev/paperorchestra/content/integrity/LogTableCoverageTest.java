package dev.paperorchestra.content.integrity;

import static org.assertj.core.api.Assertions.assertThat;

import dev.paperorchestra.model.finding.Finding;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class LogTableCoverageTest {

    private static final String LOG = """
            ## Results

            ### RMSE on NYU Depth v2 with sparse measurements

            | method | RMSE | REL |
            |---|---|---|
            | Ours | 0.312 | 0.051 |
            | Baseline | 0.398 | 0.067 |

            ### Inference latency per frame

            | method | ms |
            |---|---|
            | Ours | 41.5 |
            | Baseline | 27.25 |
            """;

    private static final String BOTH_TABLES = """
            \\begin{table}\\caption{Accuracy.}\\begin{tabular}{lcc}
            Ours & \\textbf{0.312} & 0.051 \\\\ Baseline & 0.398 & 0.067 \\\\
            \\end{tabular}\\end{table}
            \\begin{table}\\caption{Speed.}\\begin{tabular}{lc} Ours & 41.5 \\\\ Baseline & 27.25 \\\\
            \\end{tabular}\\end{table}
            """;

    private static List<String> missing(String tex, String log, String plan) {
        return missing(tex, log, plan, Map.of());
    }

    private static List<String> missing(String tex, String log, String plan, Map<String, String> plotted) {
        return LogTableCoverage.missing(new PaperText(tex), log, plan, plotted).stream().map(Finding::message)
                .toList();
    }

    @Test
    void a_paper_with_every_log_table_covers_the_log() {
        assertThat(missing(BOTH_TABLES, LOG, "")).isEmpty();
        assertThat(LogTableCoverage.numericTables(LOG)).isEqualTo(2);
    }

    @Test
    void a_paper_without_a_log_table_is_told_which_one_is_missing() {
        String oneTable = BOTH_TABLES.substring(0, BOTH_TABLES.indexOf("\\begin{table}\\caption{Speed"));

        assertThat(missing(oneTable, LOG, "")).singleElement().asString()
                .startsWith("log table \"Inference latency per frame\" is in the paper neither as a table");
        assertThat(missing("No table at all.", LOG, "")).hasSize(2);
    }

    @Test
    void a_figure_that_plots_the_table_or_a_plan_that_leaves_it_out_accounts_for_it() {
        String oneTable = BOTH_TABLES.substring(0, BOTH_TABLES.indexOf("\\begin{table}\\caption{Speed"));
        String figure = oneTable + "\\begin{figure}\\includegraphics{figures/latency.png}"
                + "\\caption{Inference latency per frame of each method.}\\end{figure}";

        assertThat(missing(figure, LOG, "")).isEmpty();
        assertThat(missing(oneTable, LOG,
                "{\"note\": \"The table Inference latency per frame is left out: the venue asks for accuracy only.\"}"))
                .isEmpty();
    }

    @Test
    void a_figure_counts_for_the_table_its_chart_spec_draws_whatever_its_caption_says() {
        String oneTable = BOTH_TABLES.substring(0, BOTH_TABLES.indexOf("\\begin{table}\\caption{Speed"));
        String figure = oneTable + "\\begin{figure}\\includegraphics[width=\\linewidth]{figures/fig_speed.pdf}"
                + "\\caption{How fast each method runs.}\\end{figure}";

        assertThat(missing(figure, LOG, "",
                Map.of("fig_speed.pdf", "Inference latency per frame"))).isEmpty();
        assertThat(missing(figure, LOG, "")).as("no spec, and the caption does not name the table")
                .singleElement().asString().contains("Inference latency per frame");
    }

    @Test
    void a_charted_figure_is_not_matched_by_its_caption_to_a_table_its_spec_does_not_draw() {
        String oneTable = BOTH_TABLES.substring(0, BOTH_TABLES.indexOf("\\begin{table}\\caption{Speed"));
        String figure = oneTable + "\\begin{figure}\\includegraphics{figures/fig_rmse.png}"
                + "\\caption{Inference latency per frame of each method.}\\end{figure}";

        assertThat(missing(figure, LOG, "",
                Map.of("fig_rmse.png", "RMSE on NYU Depth v2 with sparse measurements")))
                .singleElement().asString().contains("Inference latency per frame");
    }
}
