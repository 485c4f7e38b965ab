package dev.paperorchestra.service.status;

import static org.assertj.core.api.Assertions.assertThat;

import dev.paperorchestra.runtime.kafka.PaperStatusPublisher;
import dev.paperorchestra.schemas.ArtifactRef;
import dev.paperorchestra.schemas.NamedArtifact;
import dev.paperorchestra.schemas.RevisionCompletedEvent;
import dev.paperorchestra.schemas.StageState;
import dev.paperorchestra.schemas.state.PaperViewState;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A revision from human reviews ends in the status view as a paper does: COMPLETED, its outputs the files. */
class PaperViewRevisionTest {

    private static final Instant AT = Instant.parse("2026-11-26T10:00:00Z");

    @Test
    void a_completed_revision_completes_the_paper_with_its_outputs_whichever_arrives_first() {
        PaperViewState view = PaperViewUpdate.apply("r-1", status(StageState.STARTED), PaperViewUpdate.empty("r-1"));
        view = PaperViewUpdate.apply("r-1", completed(), view);
        view = PaperViewUpdate.apply("r-1", status(StageState.COMPLETED), view);

        assertThat(view.getState()).isEqualTo(PaperState.COMPLETED.name());
        assertThat(view.getArtifacts()).extracting(NamedArtifact::getName)
                .containsExactly("paper.pdf", "revision/summary.json");

        PaperViewState statusFirst = PaperViewUpdate.apply("r-1", status(StageState.COMPLETED),
                PaperViewUpdate.empty("r-1"));
        statusFirst = PaperViewUpdate.apply("r-1", completed(), statusFirst);
        assertThat(statusFirst.getState()).isEqualTo(PaperState.COMPLETED.name());
        assertThat(statusFirst.getCurrentStage()).isEqualTo("revision");
    }

    @Test
    void a_revision_without_a_valid_pdf_is_incomplete_and_says_why() {
        RevisionCompletedEvent failed = RevisionCompletedEvent.newBuilder(completed()).setValidPdf(false)
                .setPassed(false).build();
        PaperViewState view = PaperViewUpdate.apply("r-1", failed, PaperViewUpdate.empty("r-1"));
        view = PaperViewUpdate.apply("r-1", status(StageState.COMPLETED), view);

        assertThat(view.getState()).isEqualTo(PaperState.INCOMPLETE.name());
        assertThat(view.getShortfalls()).singleElement().asString().contains("no valid PDF");
    }

    @Test
    void a_cancelled_revision_stays_cancelled_when_its_outputs_arrive() {
        PaperViewState view = PaperViewUpdate.apply("r-1", status(StageState.CANCELLED), PaperViewUpdate.empty("r-1"));
        view = PaperViewUpdate.apply("r-1", completed(), view);

        assertThat(view.getState()).isEqualTo(PaperState.CANCELLED.name());
    }

    private static RevisionCompletedEvent completed() {
        ArtifactRef ref = ArtifactRef.newBuilder().setUri("file:///b").setSha256("ab".repeat(32)).setSizeBytes(2)
                .setMediaType("application/pdf").build();
        return RevisionCompletedEvent.newBuilder().setPaperId("r-1").setSubmittedAt(AT)
                .setArtifacts(List.of(NamedArtifact.newBuilder().setName("paper.pdf").setArtifact(ref).build(),
                        NamedArtifact.newBuilder().setName("revision/summary.json").setArtifact(ref).build()))
                .setValidPdf(true).setAuditClean(true).setPassed(true).setSubmittedScore(0).setRevisedScore(5)
                .build();
    }

    private static dev.paperorchestra.schemas.PaperStatusChangedEvent status(StageState state) {
        return PaperStatusPublisher.event("r-1", "revision", "refine-agent", state, state.name(), AT);
    }
}
