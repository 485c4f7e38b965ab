package dev.paperorchestra.plotting.render;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.paperorchestra.plotting.Fixtures;
import dev.paperorchestra.plotting.planning.PlannedFigure;
import dev.paperorchestra.runtime.errors.PermanentException;
import dev.paperorchestra.runtime.llm.ModelMode;
import dev.paperorchestra.runtime.llm.UnconfiguredLlmGateway;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class FigureRendererTest {

    private static final FigureRenderer.Settings SETTINGS =
            new FigureRenderer.Settings(new SizePolicy(6.0, 3.3, 8.0), 100, 3);
    private static final PlannedFigure ACCURACY = Fixtures.plot("Depth accuracy on NYU Depth v2",
            "Grouped bar chart of the accuracy metrics per method.", "16:9");

    private final List<Integer> reviews = new ArrayList<>();

    private FigureCritic critic(boolean... verdicts) {
        return (paperId, figure, png, round) -> {
            reviews.add(round);
            return new Critique(verdicts[round - 1], List.of("labels too small"));
        };
    }

    private static FigureRenderer.Request request(PlannedFigure figure, boolean offline) {
        return new FigureRenderer.Request("paper-1", figure, Fixtures.tables(), false, offline);
    }

    @Test
    void renders_a_plot_from_its_table_offline_without_asking_the_critic() {
        FigureRenderer.Outcome outcome = new FigureRenderer(SETTINGS, critic()).render(request(ACCURACY, true));

        assertThat(outcome).isInstanceOfSatisfying(FigureRenderer.Rendered.class, rendered -> {
            assertThat(rendered.pdf()).startsWith("%PDF".getBytes());
            assertThat(rendered.png()).startsWith(new byte[] {(byte) 0x89, 'P', 'N', 'G'});
            assertThat(rendered.caption()).startsWith("Depth accuracy on NYU Depth v2:");
            assertThat(rendered.size().widthInches()).isEqualTo(6.0);
            assertThat(rendered.critiqueRounds()).isZero();
        });
        assertThat(reviews).isEmpty();
    }

    @Test
    void offline_files_carry_the_offline_label() {
        FigureRenderer.Rendered rendered = (FigureRenderer.Rendered) new FigureRenderer(SETTINGS, critic())
                .render(request(ACCURACY, true));

        assertThat(new String(rendered.png(), java.nio.charset.StandardCharsets.ISO_8859_1))
                .contains(ModelMode.OFFLINE_LABEL);
    }

    @Test
    void skips_a_diagram_offline_with_the_reason() {
        PlannedFigure diagram = new PlannedFigure("fig_overview", "Framework overview", "diagram", "idea.md",
                "Boxes and arrows", "21:9");

        assertThat(new FigureRenderer(SETTINGS, critic()).render(request(diagram, true)))
                .isEqualTo(new FigureRenderer.Skipped(
                        "diagram figures need a model; offline mode draws data charts only"));
    }

    @Test
    void skips_a_plot_whose_table_has_no_numbers() {
        FigureRenderer.Outcome outcome = new FigureRenderer(SETTINGS, critic())
                .render(request(Fixtures.plot("Qualitative notes per scene", "", "4:3"), true));

        assertThat(outcome).isInstanceOfSatisfying(FigureRenderer.Skipped.class,
                skipped -> assertThat(skipped.reason()).contains("no numeric column"));
    }

    @Test
    void skips_a_plot_with_an_unreadable_aspect_ratio() {
        FigureRenderer.Outcome outcome = new FigureRenderer(SETTINGS, critic())
                .render(request(Fixtures.plot("Depth accuracy on NYU Depth v2", "", "wide"), true));

        assertThat(outcome).isEqualTo(new FigureRenderer.Skipped("aspect ratio 'wide' is not of the form width:height"));
    }

    @Test
    void in_model_mode_a_rejected_rendering_is_revised_and_reviewed_again() {
        FigureRenderer.Outcome outcome = new FigureRenderer(SETTINGS, critic(false, true))
                .render(request(ACCURACY, false));

        assertThat(reviews).containsExactly(1, 2);
        assertThat(outcome).isInstanceOfSatisfying(FigureRenderer.Rendered.class,
                rendered -> assertThat(rendered.critiqueRounds()).isEqualTo(2));
    }

    @Test
    void in_model_mode_the_critic_reviews_at_most_the_configured_rounds() {
        new FigureRenderer(SETTINGS, critic(false, false, false, false)).render(request(ACCURACY, false));

        assertThat(reviews).containsExactly(1, 2, 3);
    }

    @Test
    void in_model_mode_without_a_provider_the_figure_fails_instead_of_falling_back_to_offline() {
        FigureRenderer renderer = new FigureRenderer(SETTINGS,
                new GatewayFigureCritic(new UnconfiguredLlmGateway(), "plotting-agent"));

        assertThatThrownBy(() -> renderer.render(request(ACCURACY, false)))
                .isInstanceOf(PermanentException.class).hasMessageContaining("no model provider");
    }
}
