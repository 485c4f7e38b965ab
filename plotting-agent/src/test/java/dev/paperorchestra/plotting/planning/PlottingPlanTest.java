package dev.paperorchestra.plotting.planning;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.paperorchestra.plotting.Fixtures;
import dev.paperorchestra.base.errors.PermanentException;
import org.junit.jupiter.api.Test;

class PlottingPlanTest {

    @Test
    void reads_every_entry_in_plan_order() {
        PlottingPlan plan = PlottingPlan.parse(Fixtures.OUTLINE);

        assertThat(plan.figureIds()).containsExactly("fig_depth_accuracy", "fig_framework_overview", "fig_sparsity");
        assertThat(plan.figures().getFirst()).isEqualTo(new PlannedFigure("fig_depth_accuracy",
                "Depth accuracy on NYU Depth v2", "plot", "experimental_log.md",
                "Grouped bar chart of the accuracy metrics per method.", "16:9"));
    }

    @Test
    void an_empty_plan_is_empty() {
        assertThat(PlottingPlan.parse("{\"plotting_plan\": []}").isEmpty()).isTrue();
    }

    @Test
    void rejects_an_entry_without_figure_id_naming_outline_json() {
        String outline = """
                {"plotting_plan": [{"title": "t", "plot_type": "plot", "data_source": "both", "objective": "o",
                  "aspect_ratio": "1:1"}]}""";

        assertThatThrownBy(() -> PlottingPlan.parse(outline)).isInstanceOf(PermanentException.class)
                .hasMessage("outline.json: plotting_plan[0].figure_id is missing or empty");
    }

    @Test
    void rejects_an_outline_without_plotting_plan() {
        assertThatThrownBy(() -> PlottingPlan.parse("{\"section_plan\": []}"))
                .isInstanceOf(PermanentException.class).hasMessageContaining("plotting_plan is missing");
    }

    @Test
    void reads_plot_type_case_insensitively() {
        assertThat(new PlannedFigure("f", "t", " Plot ", "both", "o", "1:1").isDataPlot()).isTrue();
        assertThat(new PlannedFigure("f", "t", "diagram", "both", "o", "1:1").isDataPlot()).isFalse();
    }
}
