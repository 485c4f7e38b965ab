package dev.paperorchestra.plotting.render;

import static org.assertj.core.api.Assertions.assertThat;

import dev.paperorchestra.plotting.Fixtures;
import dev.paperorchestra.plotting.ScriptedGateway;
import dev.paperorchestra.plotting.planning.PlannedFigure;
import dev.paperorchestra.plotting.spec.GatewayChartSpecWriter;
import dev.paperorchestra.gateway.LlmRole;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class ChartCritiqueLoopTest {

    private static final PlannedFigure ACCURACY = Fixtures.plot("Depth accuracy on NYU Depth v2",
            "Compare the accuracy of each method.", "16:9");
    private static final String GROUPED = spec("grouped_bar", "[\"BTS\", \"AdaBins\", \"Ours\"]",
            "{\"column\": \"AbsRel\", \"values\": [0.110, 0.103, 0.094]},"
                    + " {\"column\": \"RMSE (m)\", \"values\": [0.392, 0.364, 0.329]}", "table",
            "RMSE and AbsRel of each method; Ours reaches 0.329 m.");
    private static final String RMSE_RANKED = spec("bar", "[\"BTS\", \"AdaBins\", \"Ours\"]",
            "{\"column\": \"RMSE (m)\", \"values\": [0.392, 0.364, 0.329]}", "descending",
            "RMSE of each method, ranked.");
    private static final String APPROVED = "{\"approved\": true, \"issues\": []}";

    private final ScriptedGateway gateway = new ScriptedGateway();
    private final FigureRenderer renderer = new FigureRenderer(FigureRendererTest.SETTINGS, new ChartCritiqueLoop(
            new GatewayChartSpecWriter(gateway, "plotting-agent"), new GatewayFigureCritic(gateway, "plotting-agent")),
            DiagramMaker.NONE);

    private static String spec(String kind, String rows, String series, String order, String caption) {
        return "{\"kind\": \"" + kind + "\", \"table\": \"T1\", \"rows\": " + rows + ", \"x_column\": \"\","
                + " \"series\": [" + series + "], \"value_axis_label\": \"\", \"log_scale\": false, \"order\": \""
                + order + "\", \"highlight\": \"Ours\", \"legend\": \"top\", \"caption\": \"" + caption + "\","
                + " \"purpose\": \"compares the methods at a glance\"}";
    }

    private static String rejected(String issue) {
        return "{\"approved\": false, \"issues\": [\"" + issue + "\"]}";
    }

    private FigureRenderer.Rendered render() {
        return (FigureRenderer.Rendered) renderer.render(new FigureRenderer.Request("paper-1", ACCURACY,
                Fixtures.tables(), false, false, Fixtures.LOG, ""));
    }

    private static String json(FigureRenderer.Rendered rendered) {
        return new String(rendered.provenance().toJson(), StandardCharsets.UTF_8);
    }

    @Test
    void a_spec_naming_a_row_that_is_not_in_the_log_is_repaired_through_its_schema() {
        gateway.answer(LlmRole.PLANNER, GROUPED.replace("\"AdaBins\"", "\"DeepLab\""), GROUPED)
                .answer(LlmRole.CRITIC, APPROVED);

        FigureRenderer.Rendered rendered = render();

        assertThat(gateway.repairs).isEqualTo(1);
        assertThat(gateway.violations).anySatisfy(violation -> assertThat(violation).contains("/rows/1"));
        assertThat(rendered.data().categories()).containsExactly("BTS", "AdaBins", "Ours");
        assertThat(rendered.data().kind()).isEqualTo(ChartData.Kind.GROUPED_BAR);
        assertThat(rendered.caption()).isEqualTo("RMSE and AbsRel of each method; Ours reaches 0.329 m.");
        assertThat(rendered.provenance().fellBack()).isFalse();
    }

    @Test
    void rejects_a_spec_whose_numbers_differ_from_the_log() {
        String misread = GROUPED.replace("0.392", "0.35");
        gateway.answer(LlmRole.PLANNER, misread, misread);

        FigureRenderer.Rendered rendered = render();

        // the second planner call was told why; both specs were rejected, so the rules' chart is used
        assertThat(gateway.requests(LlmRole.PLANNER).get(1).user()).contains("numbers differ from the log");
        assertThat(gateway.requests(LlmRole.CRITIC)).isEmpty();
        assertThat(rendered.provenance().fellBack()).isTrue();
        assertThat(rendered.provenance().fallbackReason()).contains("0.35", "the log says 0.392");
        assertThat(rendered.data().plottedDigits()).doesNotContain("0.35")
                .allSatisfy(digits -> assertThat(Fixtures.LOG)
                        .containsPattern("[| *]" + java.util.regex.Pattern.quote(digits) + "[| *]"));
    }

    @Test
    void a_critique_whose_issues_change_the_spec_is_drawn_and_reviewed_again() {
        gateway.answer(LlmRole.PLANNER, GROUPED, RMSE_RANKED)
                .answer(LlmRole.CRITIC, rejected("two metrics on one axis hide RMSE differences; rank by RMSE"),
                        APPROVED);

        FigureRenderer.Rendered rendered = render();

        assertThat(gateway.requests(LlmRole.PLANNER).get(1).user())
                .contains("two metrics on one axis hide RMSE differences; rank by RMSE");
        assertThat(rendered.data().kind()).isEqualTo(ChartData.Kind.BAR);
        assertThat(rendered.data().categories()).containsExactly("BTS", "AdaBins", "Ours");
        assertThat(rendered.data().series()).singleElement()
                .satisfies(series -> assertThat(series.digits()).containsExactly("0.392", "0.364", "0.329"));
        assertThat(rendered.critiqueRounds()).isEqualTo(2);
        assertThat(json(rendered)).contains("\"verdict\" : \"rejected\"", "\"revision\" : \"revised\"",
                "\"verdict\" : \"approved\"", "\"kind\" : \"bar\"");
    }

    @Test
    void a_figure_never_approved_falls_back_to_the_rules_chart_with_the_reason_and_last_issues() {
        gateway.answer(LlmRole.PLANNER, GROUPED, RMSE_RANKED, GROUPED)
                .answer(LlmRole.CRITIC, rejected("legend covers bars"), rejected("labels too small"),
                        rejected("still too small"));

        FigureRenderer.Rendered rendered = render();

        assertThat(gateway.requests(LlmRole.CRITIC)).hasSize(3);
        assertThat(gateway.requests(LlmRole.PLANNER)).hasSize(3);
        assertThat(rendered.provenance().fellBack()).isTrue();
        assertThat(rendered.provenance().fallbackReason()).isEqualTo("the critic did not approve the chart in 3 rounds");
        assertThat(rendered.provenance().lastIssues()).containsExactly("still too small");
        assertThat(rendered.caption()).startsWith("Depth accuracy on NYU Depth v2:");
        assertThat(json(rendered)).contains("\"fell_back\" : true", "\"critic_last_issues\"", "still too small");
    }

    @Test
    void a_caption_stating_a_number_the_log_does_not_have_is_replaced_by_the_rules_caption() {
        gateway.answer(LlmRole.PLANNER, GROUPED.replace("reaches 0.329 m", "is 12% better"))
                .answer(LlmRole.CRITIC, APPROVED);

        assertThat(render().caption()).startsWith("Depth accuracy on NYU Depth v2:").doesNotContain("12%");
    }

    @Test
    void a_planner_whose_spec_never_matches_its_schema_gets_the_rules_chart_with_the_reason() {
        String unknownRow = GROUPED.replace("\"AdaBins\"", "\"DeepLab\"");
        gateway.answer(LlmRole.PLANNER, unknownRow, unknownRow, unknownRow);

        FigureRenderer.Rendered rendered = render();

        assertThat(gateway.repairs).isEqualTo(ScriptedGateway.MAX_REPAIRS);
        assertThat(rendered.provenance().fellBack()).isTrue();
        assertThat(rendered.provenance().fallbackReason()).startsWith("the planner's spec never matched its schema");
        assertThat(gateway.requests(LlmRole.CRITIC)).isEmpty();
    }

    @Test
    void a_chart_drawing_part_of_its_table_records_the_rules_reason_to_also_show_the_table() {
        gateway.answer(LlmRole.PLANNER, GROUPED).answer(LlmRole.CRITIC, APPROVED);

        FigureRenderer.Rendered rendered = render();

        assertThat(json(rendered)).contains("\"table_also_shown_because\" : \"the chart draws 6 of the table's 12 "
                + "logged numbers; the table holds them all\"");
    }

    @Test
    void the_planners_reason_to_also_show_the_table_is_kept_in_the_provenance() {
        gateway.answer(LlmRole.PLANNER, GROUPED.replace("\"purpose\"",
                        "\"table_also_shown_because\": \"the text compares the exact errors\", \"purpose\""))
                .answer(LlmRole.CRITIC, APPROVED);

        FigureRenderer.Rendered rendered = render();

        assertThat(json(rendered)).contains("\"table_also_shown_because\" : \"the text compares the exact errors\"");
    }

    @Test
    void a_chart_drawing_every_logged_number_of_its_table_presents_it_alone() {
        PlannedFigure curve = Fixtures.plot("RMSE (m) as a function of the number of sparse measurements",
                "Show how the error falls with more points.", "4:3");

        FigureRenderer.Rendered rendered = (FigureRenderer.Rendered) renderer.render(new FigureRenderer.Request(
                "paper-1", curve, Fixtures.tables(), false, true));

        assertThat(json(rendered)).contains("\"source_table\" : \"RMSE (m) as a function")
                .doesNotContain("table_also_shown_because");
    }
}
