package dev.paperorchestra.plotting.gather;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.paperorchestra.plotting.Fixtures;
import dev.paperorchestra.runtime.blob.BlobStore;
import dev.paperorchestra.runtime.blob.LocalBlobStore;
import dev.paperorchestra.runtime.blob.MediaTypes;
import dev.paperorchestra.runtime.streams.Step;
import dev.paperorchestra.schemas.Figure;
import dev.paperorchestra.schemas.FiguresReadyEvent;
import dev.paperorchestra.schemas.LlmMode;
import dev.paperorchestra.schemas.NamedArtifact;
import dev.paperorchestra.schemas.PaperContext;
import dev.paperorchestra.schemas.PaperStatusChangedEvent;
import dev.paperorchestra.schemas.PlotRenderedEvent;
import dev.paperorchestra.schemas.StageState;
import dev.paperorchestra.schemas.StageTiming;
import dev.paperorchestra.schemas.state.FigureCollectionState;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import org.apache.avro.specific.SpecificRecord;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FigureGathererTest {

    private static final Instant NOW = Instant.parse("2025-01-01T10:05:00Z");

    @TempDir
    Path root;

    private BlobStore blobs;
    private PaperContext context;
    private FigureGatherer gatherer;

    @BeforeEach
    void setUp() {
        blobs = new LocalBlobStore(root);
        context = Fixtures.context(blobs, LlmMode.OFFLINE, List.of());
        gatherer = new FigureGatherer(blobs, "plotting-agent", "plotting", Clock.fixed(NOW, ZoneOffset.UTC));
    }

    private PlotRenderedEvent rendered(String figureId) {
        Figure figure = Figure.newBuilder().setFigureId(figureId).setTitle(figureId).setFileName(figureId + ".pdf")
                .setPdf(blobs.put(figureId.getBytes(), MediaTypes.PDF)).setPng(null).setCaption("c")
                .setAspectRatio("4:3").setAuthorSupplied(false).build();
        return PlotRenderedEvent.newBuilder().setContext(context).setFigureId(figureId).setTaskCount(3)
                .setFigure(figure).setSkippedReason(null).build();
    }

    private PlotRenderedEvent skipped(String figureId, String reason) {
        return PlotRenderedEvent.newBuilder().setContext(context).setFigureId(figureId).setTaskCount(3)
                .setFigure(null).setSkippedReason(reason).build();
    }

    /** Feeds the events in order and returns every output. */
    private List<SpecificRecord> run(SpecificRecord... events) {
        @Nullable FigureCollectionState state = null;
        List<SpecificRecord> outputs = new java.util.ArrayList<>();
        for (SpecificRecord event : events) {
            Step<FigureCollectionState> step = gatherer.apply(state, event);
            state = step.nextState();
            step.outputs().forEach(output -> outputs.add(output.event()));
        }
        return outputs;
    }

    private static FiguresReadyEvent ready(List<SpecificRecord> outputs) {
        return outputs.stream().filter(FiguresReadyEvent.class::isInstance).map(FiguresReadyEvent.class::cast)
                .findFirst().orElseThrow();
    }

    @Test
    void waits_until_every_planned_figure_has_an_outcome() {
        assertThat(run(rendered("fig_depth_accuracy"), rendered("fig_sparsity"))).isEmpty();
    }

    @Test
    void emits_figures_ready_and_completed_once_every_figure_is_in() {
        List<SpecificRecord> outputs = run(rendered("fig_depth_accuracy"), rendered("fig_sparsity"),
                skipped("fig_framework_overview", "diagram figures need a model"));

        assertThat(outputs).hasSize(2);
        assertThat(outputs.get(1)).isInstanceOfSatisfying(PaperStatusChangedEvent.class, status -> {
            assertThat(status.getState()).isEqualTo(StageState.COMPLETED);
            assertThat(status.getStage()).isEqualTo("plotting");
            assertThat(status.getMessage()).isEqualTo("2 figures rendered, 1 skipped (offline)");
        });
    }

    @Test
    void ignores_a_redelivered_duplicate() {
        List<SpecificRecord> outputs = run(rendered("fig_sparsity"), rendered("fig_sparsity"),
                rendered("fig_depth_accuracy"));

        assertThat(outputs).isEmpty();
    }

    @Test
    void keeps_the_first_outcome_of_a_figure() {
        List<SpecificRecord> outputs = run(rendered("fig_sparsity"), skipped("fig_sparsity", "late copy"),
                rendered("fig_depth_accuracy"), skipped("fig_framework_overview", "diagram"));

        assertThat(ready(outputs).getFigures()).extracting(Figure::getFigureId).contains("fig_sparsity");
        assertThat(ready(outputs).getSkipped()).containsExactly("fig_framework_overview: diagram");
    }

    @Test
    void a_duplicate_after_completion_emits_nothing() {
        FigureCollectionState done = null;
        for (PlotRenderedEvent event : List.of(rendered("fig_depth_accuracy"), rendered("fig_sparsity"),
                skipped("fig_framework_overview", "diagram"))) {
            done = gatherer.apply(done, event).nextState();
        }

        Step<FigureCollectionState> late = gatherer.apply(done, rendered("fig_sparsity"));

        assertThat(late.outputs()).isEmpty();
        assertThat(late.nextState()).isEqualTo(done);
    }

    @Test
    void lists_figures_and_skipped_ones_in_plan_order_whatever_order_they_arrive_in() {
        FiguresReadyEvent ready = ready(run(rendered("fig_sparsity"),
                skipped("fig_framework_overview", "diagram figures need a model"), rendered("fig_depth_accuracy")));

        assertThat(ready.getFigures()).extracting(Figure::getFigureId)
                .containsExactly("fig_depth_accuracy", "fig_sparsity");
        assertThat(ready.getSkipped()).containsExactly("fig_framework_overview: diagram figures need a model");
    }

    @Test
    void appends_the_plotting_timing_to_the_context() {
        FiguresReadyEvent ready = ready(run(rendered("fig_sparsity"), rendered("fig_depth_accuracy"),
                skipped("fig_framework_overview", "diagram")));

        assertThat(ready.getContext().getTimings()).singleElement().isEqualTo(StageTiming.newBuilder()
                .setStage("plotting").setAgent("plotting-agent").setStartedAt(Fixtures.SUBMITTED)
                .setFinishedAt(NOW).build());
    }

    @Test
    void includes_the_author_supplied_figures_after_the_planned_ones() {
        context = Fixtures.context(blobs, LlmMode.OFFLINE, List.of(NamedArtifact.newBuilder()
                .setName("teaser_image.png").setArtifact(blobs.put(AuthorFiguresTest.png(1600, 900), MediaTypes.PNG))
                .build()));

        FiguresReadyEvent ready = ready(run(rendered("fig_sparsity"), rendered("fig_depth_accuracy"),
                skipped("fig_framework_overview", "diagram")));

        assertThat(ready.getFigures()).extracting(Figure::getFigureId)
                .containsExactly("fig_depth_accuracy", "fig_sparsity", "teaser_image");
        assertThat(ready.getFigures().getLast().getAuthorSupplied()).isTrue();
    }

    @Test
    void refuses_an_event_that_is_not_a_plot_result() {
        assertThatThrownBy(() -> gatherer.apply(null, context)).isInstanceOf(IllegalArgumentException.class);
    }
}
