package dev.paperorchestra.plotting.render;

import static org.assertj.core.api.Assertions.assertThat;

import dev.paperorchestra.plotting.Fixtures;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Charts plot the metrics the idea calls its results. The materials here are in the benchmark's style: bold lines
 * as headings, bold header cells, arrows and subscripts as TeX math.
 */
class HeadlineMetricsTest {

    static final String IDEA = """
            **Problem Statement**
            Segmenting thin structures fails when the loss ignores topology.

            **Proposed Methodology (High-Level Technical Approach)**
            We add a topology term $\\mathcal{L}_{IoU}$ to the usual cross-entropy.

            **Expected Contribution**
            - A segmentation network that improves mIoU and boundary F1 on thin structures.
            - Fewer broken vessels, seen as a lower $\\beta_0$ error.
            """;

    static final String LOG = """
            **Results**

            ### Segmentation of retinal vessels

            | **Method** | **Null S $\\downarrow$** | **mIoU** | **Boundary F1** | **Acc** |
            |---|---|---|---|---|
            | U-Net | 0.31 | 71.2 | 64.0 | 95.1 |
            | clDice | 0.22 | 73.5 | 66.3 | 95.4 |
            | $\\mathcal{L}_{IoU}$ only | 0.19 | 74.0 | 67.5 | 95.6 |
            | **Ours** | **0.12** | **76.8** | **69.1** | **95.9** |
            """;

    private static SourceTable table() {
        return SourceTable.parse(LOG, SourceTable.Source.LOG).getFirst();
    }

    @Test
    void plots_the_metrics_the_idea_names_as_its_results_not_the_one_column_the_log_marks() {
        ChartData data = ChartPlanner.plan(Fixtures.plot("Segmentation of retinal vessels", "", "16:9"), table(),
                HeadlineMetrics.of(IDEA));

        // the table marks only "Null S" with an arrow; the idea's results are mIoU and boundary F1
        assertThat(data.series()).extracting(ChartData.Series::name).containsExactly("mIoU", "Boundary F1");
    }

    @Test
    void without_an_idea_that_names_a_metric_the_marked_columns_are_charted() {
        ChartData data = ChartPlanner.plan(Fixtures.plot("Segmentation of retinal vessels", "", "16:9"), table(),
                HeadlineMetrics.of("**Problem Statement**\nThin structures break."));

        assertThat(data.series()).extracting(ChartData.Series::name).containsExactly("Null S");
    }

    @Test
    void the_figure_singling_out_a_metric_wins_over_the_idea() {
        ChartData data = ChartPlanner.plan(Fixtures.plot("Segmentation of retinal vessels",
                "Bar chart of Null S for each method", "16:9"), table(), HeadlineMetrics.of(IDEA));

        assertThat(data.series()).extracting(ChartData.Series::name).containsExactly("Null S");
    }

    @Test
    void a_metric_is_matched_through_emphasis_math_units_and_settings() {
        HeadlineMetrics idea = HeadlineMetrics.of("""
                ## Expected results
                We expect RMSE and $\\delta_1$ to improve over every baseline.
                """);
        var table = dev.paperorchestra.content.materials.MarkdownTables.parse("""
                | Variant | **RMSE @ 20 pts $\\downarrow$** | **$\\delta_1$ $\\uparrow$** | Params (M) |
                |---|---|---|---|
                | A | 0.2 | 0.9 | 10 |
                | B | 0.3 | 0.8 | 12 |
                """).getFirst();

        assertThat(idea.columns(table, List.of(1, 2, 3))).containsExactly(1, 2);
        assertThat(HeadlineMetrics.key("**RMSE (m) $\\downarrow$**")).containsExactly("rmse");
        assertThat(HeadlineMetrics.key("$\\delta_1$")).containsExactly("δ1");
    }

    @Test
    void a_metric_named_only_in_passing_is_no_headline() {
        HeadlineMetrics idea = HeadlineMetrics.of("""
                ## Method
                Training tracks Acc on a validation split.

                ## Expected Contribution
                Our method improves mIoU.
                """);
        var table = table().table();

        assertThat(idea.columns(table, List.of(1, 2, 3, 4))).containsExactly(2);
    }

    /** The CVPR example's idea names "tens of points per image" among its contributions; Points is a setting. */
    @Test
    void a_setting_column_the_idea_names_is_no_headline() throws java.io.IOException {
        String idea = java.nio.file.Files.readString(java.nio.file.Path.of("../examples/cvpr-sparse-depth/idea.md"));
        String log = java.nio.file.Files.readString(java.nio.file.Path.of(
                "../examples/cvpr-sparse-depth/experimental_log.md"));
        SourceTable comparison = SourceTable.parse(log, SourceTable.Source.LOG).getFirst();

        ChartData data = ChartPlanner.plan(Fixtures.plot(comparison.caption(), "", "16:9"), comparison,
                HeadlineMetrics.of(idea));

        assertThat(data.series()).extracting(ChartData.Series::name).containsExactly("AbsRel", "δ1");
        assertThat(HeadlineMetrics.isSetting(comparison.table(), 1)).isTrue();
    }

    @Test
    void legends_and_category_labels_print_math_as_unicode() {
        ChartData data = ChartPlanner.plan(Fixtures.plot("Segmentation of retinal vessels", "", "16:9"), table(),
                HeadlineMetrics.NONE);

        assertThat(data.categories()).containsExactly("U-Net", "clDice", "𝓛_IoU only", "Ours");
        assertThat(data.series()).extracting(ChartData.Series::label).containsExactly("Null S (lower is better)");
        assertThat(data.categoryLabel()).isEqualTo("Method");
    }
}
