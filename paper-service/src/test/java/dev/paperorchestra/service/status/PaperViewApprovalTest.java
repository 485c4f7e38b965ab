package dev.paperorchestra.service.status;

import static org.assertj.core.api.Assertions.assertThat;

import dev.paperorchestra.runtime.kafka.PaperStatusPublisher;
import dev.paperorchestra.schemas.ApprovalRequestedEvent;
import dev.paperorchestra.schemas.ArtifactRef;
import dev.paperorchestra.schemas.StageState;
import dev.paperorchestra.schemas.state.PaperViewState;
import dev.paperorchestra.service.api.PaperResponses;
import java.time.Instant;
import org.junit.jupiter.api.Test;

/** AWAITING_APPROVAL in the status view: entered at the gate, left on its decision, pending shown only then. */
class PaperViewApprovalTest {

    private static final Instant AT = Instant.parse("2026-11-26T10:00:00Z");

    @Test
    void a_paper_at_a_gate_awaits_approval_with_what_it_waits_for_and_runs_again_after_the_decision() {
        PaperViewState view = PaperViewUpdate.empty("p-1");
        view = PaperViewUpdate.apply("p-1", status("outline", "outline-agent", StageState.COMPLETED), view);
        view = PaperViewUpdate.apply("p-1", request(), view);
        view = PaperViewUpdate.apply("p-1", status("outline", "approval-gate", StageState.AWAITING_APPROVAL), view);

        assertThat(view.getState()).isEqualTo(PaperState.AWAITING_APPROVAL.name());
        assertThat(PaperState.AWAITING_APPROVAL.isFinal()).isFalse();
        assertThat(PaperResponses.approval(view)).satisfies(approval -> {
            assertThat(approval.stage()).isEqualTo("outline");
            assertThat(approval.sha256()).isEqualTo("ab".repeat(32));
            assertThat(approval.deadline()).isEqualTo(AT.plusSeconds(3600).toString());
        });

        view = PaperViewUpdate.apply("p-1", status("outline", "approval-gate", StageState.NOTICE), view);

        assertThat(view.getState()).isEqualTo(PaperState.RUNNING.name());
        assertThat(PaperResponses.approval(view)).as("no longer pending").isNull();
    }

    @Test
    void the_request_arriving_after_the_gate_status_still_shows_what_is_pending() {
        PaperViewState view = PaperViewUpdate.apply("p-1",
                status("outline", "approval-gate", StageState.AWAITING_APPROVAL), PaperViewUpdate.empty("p-1"));
        view = PaperViewUpdate.apply("p-1", request(), view);

        assertThat(view.getState()).isEqualTo(PaperState.AWAITING_APPROVAL.name());
        assertThat(PaperResponses.approval(view)).isNotNull();
    }

    @Test
    void the_plotting_branch_going_on_while_the_citations_gate_waits_leaves_the_paper_waiting() {
        PaperViewState view = PaperViewUpdate.apply("p-1", ApprovalRequestedEvent.newBuilder(request())
                .setStage("citations").build(), PaperViewUpdate.empty("p-1"));
        view = PaperViewUpdate.apply("p-1", status("citations", "approval-gate", StageState.AWAITING_APPROVAL), view);
        view = PaperViewUpdate.apply("p-1", status("plotting", "plotting-agent", StageState.STARTED), view);
        view = PaperViewUpdate.apply("p-1", status("plotting", "plotting-agent", StageState.COMPLETED), view);

        assertThat(view.getState()).isEqualTo(PaperState.AWAITING_APPROVAL.name());
        assertThat(view.getCurrentStage()).isEqualTo("citations");
        assertThat(view.getTimeline()).hasSize(3);

        view = PaperViewUpdate.apply("p-1", status("citations", "approval-gate", StageState.NOTICE), view);
        assertThat(view.getState()).isEqualTo(PaperState.RUNNING.name());
    }

    @Test
    void a_rejection_or_timeout_ends_the_paper_failed_with_its_reason() {
        PaperViewState view = PaperViewUpdate.apply("p-1",
                status("outline", "approval-gate", StageState.AWAITING_APPROVAL), PaperViewUpdate.empty("p-1"));
        view = PaperViewUpdate.apply("p-1", PaperStatusPublisher.event("p-1", "outline", "approval-gate",
                StageState.FAILED, "approval timed out: no decision at the outline gate within PT1H", AT), view);

        assertThat(view.getState()).isEqualTo(PaperState.FAILED.name());
        assertThat(view.getFailureReason()).startsWith("approval timed out");
    }

    private static ApprovalRequestedEvent request() {
        return ApprovalRequestedEvent.newBuilder().setPaperId("p-1").setStage("outline")
                .setArtifact(ArtifactRef.newBuilder().setUri("file:///b").setSha256("ab".repeat(32)).setSizeBytes(2)
                        .setMediaType("application/json").build())
                .setRequestedAt(AT).setDeadline(AT.plusSeconds(3600)).build();
    }

    private static dev.paperorchestra.schemas.PaperStatusChangedEvent status(String stage, String agent,
            StageState state) {
        return PaperStatusPublisher.event("p-1", stage, agent, state, state.name(), AT);
    }
}
