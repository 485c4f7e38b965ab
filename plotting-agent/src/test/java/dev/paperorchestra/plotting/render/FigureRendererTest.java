package dev.paperorchestra.plotting.render;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.paperorchestra.plotting.Fixtures;
import dev.paperorchestra.plotting.ScriptedGateway;
import dev.paperorchestra.plotting.planning.PlannedFigure;
import dev.paperorchestra.plotting.spec.GatewayChartSpecWriter;
import dev.paperorchestra.base.errors.PermanentException;
import dev.paperorchestra.gateway.ModelMode;
import dev.paperorchestra.gateway.UnconfiguredLlmGateway;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

class FigureRendererTest {

    static final FigureRenderer.Settings SETTINGS =
            new FigureRenderer.Settings(new SizePolicy(6.0, 3.3, 8.0), 100, 3);
    private static final PlannedFigure ACCURACY = Fixtures.plot("Depth accuracy on NYU Depth v2",
            "Grouped bar chart of the accuracy metrics per method.", "16:9");

    private static FigureRenderer offlineRenderer() {
        // an empty script: any model call fails the test
        ScriptedGateway gateway = new ScriptedGateway();
        return new FigureRenderer(SETTINGS, new ChartCritiqueLoop(new GatewayChartSpecWriter(gateway, "plotting-agent"),
                new GatewayFigureCritic(gateway, "plotting-agent")), DiagramMaker.NONE);
    }

    private static FigureRenderer.Request request(PlannedFigure figure, boolean offline) {
        return new FigureRenderer.Request("paper-1", figure, Fixtures.tables(), false, offline);
    }

    @Test
    void renders_a_plot_from_its_table_offline_without_asking_a_model() {
        FigureRenderer.Outcome outcome = offlineRenderer().render(request(ACCURACY, true));

        assertThat(outcome).isInstanceOfSatisfying(FigureRenderer.Rendered.class, rendered -> {
            assertThat(rendered.pdf()).startsWith("%PDF".getBytes());
            assertThat(rendered.png()).startsWith(new byte[] {(byte) 0x89, 'P', 'N', 'G'});
            assertThat(rendered.caption()).startsWith("Depth accuracy on NYU Depth v2:");
            assertThat(rendered.size().widthInches()).isEqualTo(6.0);
            assertThat(rendered.critiqueRounds()).isZero();
            assertThat(new String(rendered.provenance().toJson(), StandardCharsets.UTF_8))
                    .contains("\"mode\" : \"offline\"", "\"kind\" : \"grouped_bar\"", "\"value\" : \"0.094\"",
                            "\"aspect_ratio\" : \"16:9\"", "\"fell_back\" : false");
        });
    }

    @Test
    void offline_files_carry_the_offline_label() {
        FigureRenderer.Rendered rendered = (FigureRenderer.Rendered) offlineRenderer().render(request(ACCURACY, true));

        assertThat(new String(rendered.png(), StandardCharsets.ISO_8859_1)).contains(ModelMode.OFFLINE_LABEL);
    }

    @Test
    void skips_a_diagram_offline_with_the_reason() {
        PlannedFigure diagram = new PlannedFigure("fig_overview", "Framework overview", "diagram", "idea.md",
                "Boxes and arrows", "21:9");

        assertThat(offlineRenderer().render(request(diagram, true))).isEqualTo(new FigureRenderer.Skipped(
                "diagram figures need a model; offline mode draws data charts only"));
    }

    @Test
    void skips_a_plot_whose_table_has_no_numbers() {
        FigureRenderer.Outcome outcome = offlineRenderer()
                .render(request(Fixtures.plot("Qualitative notes per scene", "", "4:3"), true));

        assertThat(outcome).isInstanceOfSatisfying(FigureRenderer.Skipped.class,
                skipped -> assertThat(skipped.reason()).contains("no numeric column"));
    }

    @Test
    void skips_a_plot_with_an_unreadable_aspect_ratio() {
        FigureRenderer.Outcome outcome = offlineRenderer()
                .render(request(Fixtures.plot("Depth accuracy on NYU Depth v2", "", "wide"), true));

        assertThat(outcome).isEqualTo(new FigureRenderer.Skipped("aspect ratio 'wide' is not of the form width:height"));
    }

    @Test
    void in_model_mode_without_a_provider_the_figure_fails_instead_of_falling_back_to_offline() {
        UnconfiguredLlmGateway gateway = new UnconfiguredLlmGateway();
        FigureRenderer renderer = new FigureRenderer(SETTINGS, new ChartCritiqueLoop(
                new GatewayChartSpecWriter(gateway, "plotting-agent"), new GatewayFigureCritic(gateway,
                "plotting-agent")), DiagramMaker.NONE);

        assertThatThrownBy(() -> renderer.render(request(ACCURACY, false)))
                .isInstanceOf(PermanentException.class).hasMessageContaining("no model provider");
    }

    @Test
    void refuses_to_chart_a_column_of_years() {
        String log = """
                ### Collection year per site

                | Site | Collection year |
                |---|---|
                | North | 2019 |
                | South | 2021 |
                """;
        FigureRenderer.Outcome outcome = offlineRenderer().render(new FigureRenderer.Request("paper-1",
                Fixtures.plot("Collection year per site", "Bar chart", "4:3"),
                SourceTable.parse(log, SourceTable.Source.LOG), false, true));

        assertThat(outcome).isInstanceOfSatisfying(FigureRenderer.Skipped.class,
                skipped -> assertThat(skipped.reason()).contains("Collection year", "not a quantity"));
    }

    @Test
    void lists_every_kind_a_spec_may_name() {
        assertThat(List.of(ChartData.Kind.values())).extracting(ChartData.Kind::id).contains("bar", "grouped_bar",
                "stacked_bar", "line", "scatter", "heatmap", "error_bar");
    }
}
