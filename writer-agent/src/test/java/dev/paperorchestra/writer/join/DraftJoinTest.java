package dev.paperorchestra.writer.join;

import static dev.paperorchestra.writer.TestMaterials.context;
import static dev.paperorchestra.writer.TestMaterials.figures;
import static dev.paperorchestra.writer.TestMaterials.literature;
import static dev.paperorchestra.writer.TestMaterials.ref;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.paperorchestra.runtime.streams.Step;
import dev.paperorchestra.schemas.DraftRequestedEvent;
import dev.paperorchestra.schemas.FiguresReadyEvent;
import dev.paperorchestra.schemas.LiteratureReadyEvent;
import dev.paperorchestra.schemas.PaperStatusChangedEvent;
import dev.paperorchestra.schemas.StageState;
import dev.paperorchestra.schemas.state.DraftInputsState;
import dev.paperorchestra.schemas.topics.Topics;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class DraftJoinTest {

    private static final LiteratureReadyEvent LITERATURE = literature(context("p1"), ref("draft"), ref("bib"),
            ref("map"));
    private static final FiguresReadyEvent FIGURES = figures(context("p1"));

    private final DraftJoin join = new DraftJoin();

    @Test
    void the_first_half_is_kept_and_nothing_is_emitted() {
        Step<DraftInputsState> step = join.apply(null, LITERATURE);

        assertThat(step.outputs()).isEmpty();
        assertThat(step.nextState()).isEqualTo(DraftInputsState.newBuilder().setLiterature(LITERATURE).build());
    }

    @Test
    void literature_then_figures_requests_one_draft_with_both_halves_and_finishes() {
        Step<DraftInputsState> first = join.apply(null, LITERATURE);
        Step<DraftInputsState> second = join.apply(first.nextState(), FIGURES);

        assertThat(second.nextState()).isNull();
        assertThat(second.outputs()).containsExactly(Step.Output.of(Topics.DRAFT_REQUESTS, "p1",
                DraftRequestedEvent.newBuilder().setLiterature(LITERATURE).setFigures(FIGURES).build()));
    }

    @Test
    void figures_then_literature_requests_one_draft_and_finishes() {
        Step<DraftInputsState> first = join.apply(null, FIGURES);
        Step<DraftInputsState> second = join.apply(first.nextState(), LITERATURE);

        assertThat(first.outputs()).isEmpty();
        assertThat(second.nextState()).isNull();
        assertThat(second.outputs()).singleElement().extracting(Step.Output::event)
                .isEqualTo(DraftRequestedEvent.newBuilder().setLiterature(LITERATURE).setFigures(FIGURES).build());
    }

    @Test
    void a_half_that_arrives_again_replaces_the_earlier_copy() {
        LiteratureReadyEvent newer = literature(context("p1"), ref("draft-2"), ref("bib"), ref("map"));

        Step<DraftInputsState> first = join.apply(null, LITERATURE);
        Step<DraftInputsState> again = join.apply(first.nextState(), newer);
        Step<DraftInputsState> joined = join.apply(again.nextState(), FIGURES);

        assertThat(again.outputs()).isEmpty();
        assertThat(joined.outputs()).singleElement().extracting(Step.Output::event)
                .isInstanceOfSatisfying(DraftRequestedEvent.class, request ->
                        assertThat(request.getLiterature().getDraft().getSha256()).isEqualTo(ref("draft-2").getSha256()));
    }

    @Test
    void an_event_of_another_type_is_rejected() {
        assertThatThrownBy(() -> join.apply(null, status(StageState.STARTED)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("PaperStatusChangedEvent");
    }

    private static PaperStatusChangedEvent status(StageState state) {
        return PaperStatusChangedEvent.newBuilder().setPaperId("p1").setStage("writer").setAgent("writer-agent")
                .setState(state).setMessage(state.name()).setOccurredAt(Instant.EPOCH).build();
    }
}
