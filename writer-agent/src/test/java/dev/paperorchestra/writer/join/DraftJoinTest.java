package dev.paperorchestra.writer.join;

import static dev.paperorchestra.writer.TestMaterials.context;
import static dev.paperorchestra.writer.TestMaterials.figures;
import static dev.paperorchestra.writer.TestMaterials.literature;
import static dev.paperorchestra.writer.TestMaterials.ref;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.paperorchestra.runtime.streams.Step;
import dev.paperorchestra.schemas.CompileReport;
import dev.paperorchestra.schemas.CompileStatus;
import dev.paperorchestra.schemas.DraftStats;
import dev.paperorchestra.schemas.FiguresRenderedEvent;
import dev.paperorchestra.schemas.LiteratureDraftedEvent;
import dev.paperorchestra.schemas.PaperDraftedEvent;
import dev.paperorchestra.schemas.PaperStatusChangedEvent;
import dev.paperorchestra.schemas.PaperVersion;
import dev.paperorchestra.schemas.StageState;
import dev.paperorchestra.schemas.state.DraftInputsState;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class DraftJoinTest {

    private static final LiteratureDraftedEvent LITERATURE = literature(context("p1"), ref("draft"), ref("bib"),
            ref("map"));
    private static final FiguresRenderedEvent FIGURES = figures(context("p1"));

    private final List<String> drafted = new ArrayList<>();
    private final DraftJoin join = new DraftJoin((literature, figures) -> {
        drafted.add(literature.getDraft().getSha256() + "+" + figures.getContext().getPaperId());
        return new DraftResult(draft(literature), List.of(status(StageState.NOTICE), status(StageState.COMPLETED)));
    });

    @Test
    void the_first_half_is_kept_and_nothing_is_emitted() {
        Step<DraftInputsState> step = join.apply(null, LITERATURE);

        assertThat(step.outputs()).isEmpty();
        assertThat(step.nextState()).isEqualTo(DraftInputsState.newBuilder().setLiterature(LITERATURE).build());
        assertThat(drafted).isEmpty();
    }

    @Test
    void literature_then_figures_drafts_once_and_finishes() {
        Step<DraftInputsState> first = join.apply(null, LITERATURE);
        Step<DraftInputsState> second = join.apply(first.nextState(), FIGURES);

        assertThat(second.nextState()).isNull();
        assertThat(drafted).containsExactly("draft+p1");
        assertThat(second.outputs()).extracting(Step.Output::key).containsOnly("p1");
        assertThat(second.outputs()).extracting(output -> output.event().getClass().getSimpleName())
                .containsExactly("PaperDraftedEvent", "PaperStatusChangedEvent", "PaperStatusChangedEvent");
        assertThat(second.outputs()).extracting(Step.Output::event).element(2)
                .isInstanceOfSatisfying(PaperStatusChangedEvent.class,
                        status -> assertThat(status.getState()).isEqualTo(StageState.COMPLETED));
    }

    @Test
    void figures_then_literature_drafts_once_and_finishes() {
        Step<DraftInputsState> first = join.apply(null, FIGURES);
        Step<DraftInputsState> second = join.apply(first.nextState(), LITERATURE);

        assertThat(first.outputs()).isEmpty();
        assertThat(second.nextState()).isNull();
        assertThat(second.outputs()).hasSize(3);
        assertThat(drafted).containsExactly("draft+p1");
    }

    @Test
    void a_half_that_arrives_again_replaces_the_earlier_copy() {
        LiteratureDraftedEvent newer = literature(context("p1"), ref("draft-2"), ref("bib"), ref("map"));

        Step<DraftInputsState> first = join.apply(null, LITERATURE);
        Step<DraftInputsState> again = join.apply(first.nextState(), newer);
        join.apply(again.nextState(), FIGURES);

        assertThat(again.outputs()).isEmpty();
        assertThat(drafted).containsExactly("draft-2+p1");
    }

    @Test
    void an_event_of_another_type_is_rejected() {
        assertThatThrownBy(() -> join.apply(null, status(StageState.STARTED)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("PaperStatusChangedEvent");
    }

    private static PaperDraftedEvent draft(LiteratureDraftedEvent literature) {
        return PaperDraftedEvent.newBuilder()
                .setContext(literature.getContext())
                .setDraft(PaperVersion.newBuilder().setVersion(0).setTex(ref("tex")).setCompile(CompileReport
                        .newBuilder().setStatus(CompileStatus.SKIPPED).setMessage("skipped").build()).build())
                .setBibliography(literature.getBibliography())
                .setCitationMap(literature.getCitationMap())
                .setStats(DraftStats.newBuilder().setCandidateCount(0).setVerifiedCitations(0).setRejectedCandidates(0)
                        .setScholarRequests(0).setFigureCount(0).setTableCount(0).build())
                .build();
    }

    private static PaperStatusChangedEvent status(StageState state) {
        return PaperStatusChangedEvent.newBuilder().setPaperId("p1").setStage("writer").setAgent("writer-agent")
                .setState(state).setMessage(state.name()).setOccurredAt(Instant.EPOCH).build();
    }
}
