package dev.paperorchestra.outline.approval;

import static org.assertj.core.api.Assertions.assertThat;

import dev.paperorchestra.runtime.streams.Step;
import dev.paperorchestra.schemas.ApprovalDecidedEvent;
import dev.paperorchestra.schemas.ApprovalRequestedEvent;
import dev.paperorchestra.schemas.ArtifactRef;
import dev.paperorchestra.schemas.JobOptions;
import dev.paperorchestra.schemas.Materials;
import dev.paperorchestra.schemas.OutlineCreatedEvent;
import dev.paperorchestra.schemas.PaperCancelledEvent;
import dev.paperorchestra.schemas.PaperContext;
import dev.paperorchestra.schemas.PaperStatusChangedEvent;
import dev.paperorchestra.schemas.StageState;
import dev.paperorchestra.schemas.topics.Topics;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** The gate's decisions, without a broker: hold, release (as is or edited), reject, time out, drop on cancel. */
class ApprovalGateTest {

    private static final Instant NOW = Instant.parse("2026-11-26T10:00:00Z");
    private final AtomicInteger ended = new AtomicInteger();
    private final ApprovalGate gate = new ApprovalGate(Clock.fixed(NOW, ZoneOffset.UTC), Duration.ofSeconds(30),
            ended::incrementAndGet);

    @Test
    void a_request_is_held_and_the_paper_marked_awaiting_approval() {
        ApprovalRequestedEvent request = request();

        Step<ApprovalRequestedEvent> step = gate.apply(null, request);

        assertThat(step.nextState()).isEqualTo(request);
        assertThat(step.outputs()).singleElement().satisfies(out -> {
            assertThat(out.topic()).isEqualTo(Topics.PAPER_STATUS);
            PaperStatusChangedEvent status = (PaperStatusChangedEvent) out.event();
            assertThat(status.getState()).isEqualTo(StageState.AWAITING_APPROVAL);
            assertThat(status.getStage()).isEqualTo("outline");
            assertThat(status.getMessage()).contains("po approve p-1 --stage outline");
        });
    }

    @Test
    void a_redelivered_request_keeps_the_first_deadline_and_says_nothing_twice() {
        ApprovalRequestedEvent first = request();
        ApprovalRequestedEvent again = ApprovalRequestedEvent.newBuilder(first)
                .setDeadline(first.getDeadline().plusSeconds(60)).build();

        Step<ApprovalRequestedEvent> step = gate.apply(first, again);

        assertThat(step.nextState()).isEqualTo(first);
        assertThat(step.outputs()).isEmpty();
    }

    @Test
    void an_approval_releases_the_held_outline_with_the_decision_in_its_context() {
        ApprovalRequestedEvent request = request();

        Step<ApprovalRequestedEvent> step = gate.apply(request, decision(true, null).setNote("fine").build());

        assertThat(step.nextState()).isNull();
        OutlineCreatedEvent released = only(step, OutlineCreatedEvent.class);
        assertThat(released.getContext().getOutline()).isEqualTo(artifact("outline"));
        assertThat(released.getContext().getApprovals()).singleElement().satisfies(record -> {
            assertThat(record.getDecision()).isEqualTo("APPROVED");
            assertThat(record.getDecidedBy()).isEqualTo("alice (token 1234abcd)");
            assertThat(record.getNote()).isEqualTo("fine");
            assertThat(record.getChange()).isNull();
        });
        assertThat(only(step, PaperStatusChangedEvent.class).getMessage())
                .contains("outline approved by alice (token 1234abcd)").contains("as it was");
        assertThat(ended).as("an approved paper goes on").hasValue(0);
        assertThat(released.getContext().getTimings()).last().satisfies(timing -> {
            assertThat(timing.getStage()).isEqualTo("outline-approval");
            assertThat(timing.getFinishedAt()).isEqualTo(NOW);
        });
    }

    @Test
    void an_approval_with_an_edit_releases_the_edited_outline_and_its_counts() {
        ApprovalDecidedEvent decision = decision(true, artifact("edited")).setChange("plotting_plan 2 -> 1 entries")
                .setFigureCount(1).setSearchQueryCount(9).build();

        Step<ApprovalRequestedEvent> step = gate.apply(request(), decision);

        OutlineCreatedEvent released = only(step, OutlineCreatedEvent.class);
        assertThat(released.getContext().getOutline()).isEqualTo(artifact("edited"));
        assertThat(released.getFigureCount()).isEqualTo(1);
        assertThat(released.getSearchQueryCount()).isEqualTo(9);
        assertThat(released.getContext().getApprovals().getFirst().getChange()).isEqualTo("plotting_plan 2 -> 1 entries");
        assertThat(only(step, PaperStatusChangedEvent.class).getMessage()).contains("edited: plotting_plan 2 -> 1");
    }

    @Test
    void a_rejection_ends_the_paper_with_who_and_why_and_releases_nothing() {
        Step<ApprovalRequestedEvent> step = gate.apply(request(),
                decision(false, null).setNote("wrong baselines").build());

        assertThat(step.nextState()).isNull();
        assertThat(step.outputs()).singleElement().satisfies(out -> {
            PaperStatusChangedEvent status = (PaperStatusChangedEvent) out.event();
            assertThat(status.getState()).isEqualTo(StageState.FAILED);
            assertThat(status.getMessage()).startsWith("outline rejected by alice (token 1234abcd)")
                    .endsWith(": wrong baselines");
        });
        assertThat(ended).as("counted as a failed paper").hasValue(1);
    }

    @Test
    void the_clock_ends_a_paper_at_its_deadline_and_not_before() {
        ApprovalRequestedEvent request = request();

        assertThat(gate.onClock("p-1", request, request.getDeadline().minusMillis(1))).isNull();
        Step<ApprovalRequestedEvent> step = gate.onClock("p-1", request, request.getDeadline());

        assertThat(step).isNotNull();
        assertThat(step.nextState()).isNull();
        PaperStatusChangedEvent status = only(step, PaperStatusChangedEvent.class);
        assertThat(status.getState()).isEqualTo(StageState.FAILED);
        assertThat(status.getMessage()).startsWith("approval timed out").contains("PT1H");
        assertThat(ended).as("counted as a failed paper").hasValue(1);
    }

    @Test
    void a_cancelled_paper_is_let_go_silently() {
        Step<ApprovalRequestedEvent> step = gate.apply(request(), PaperCancelledEvent.newBuilder()
                .setPaperId("p-1").setReason("cancelled").setCancelledAt(NOW).build());

        assertThat(step.nextState()).isNull();
        assertThat(step.outputs()).isEmpty();
    }

    @Test
    void a_decision_for_a_paper_that_waits_at_no_gate_changes_nothing() {
        Step<ApprovalRequestedEvent> step = gate.apply(null, decision(true, null).build());

        assertThat(step.nextState()).isNull();
        assertThat(step.outputs()).isEmpty();
    }

    @Test
    void the_request_deadline_is_the_jobs_timeout_else_the_deployments() {
        OutlineCreatedEvent outline = outline();
        OutlineCreatedEvent withTimeout = OutlineCreatedEvent.newBuilder(outline).setContext(PaperContext
                .newBuilder(outline.getContext()).setOptions(JobOptions.newBuilder(outline.getContext().getOptions())
                        .setApprovalTimeout("PT2H").build()).build()).build();

        assertThat(ApprovalGate.outlineRequest(outline, NOW, Duration.ofDays(7)).getDeadline())
                .isEqualTo(NOW.plus(Duration.ofDays(7)));
        assertThat(ApprovalGate.outlineRequest(withTimeout, NOW, Duration.ofDays(7)).getDeadline())
                .isEqualTo(NOW.plus(Duration.ofHours(2)));
        assertThat(ApprovalGate.outlineRequest(outline, NOW, Duration.ofDays(7)).getArtifact())
                .isEqualTo(artifact("outline"));
    }

    private static <T> T only(Step<?> step, Class<T> type) {
        return step.outputs().stream().map(Step.Output::event).filter(type::isInstance).map(type::cast)
                .reduce((a, b) -> {
                    throw new AssertionError("more than one " + type.getSimpleName());
                }).orElseThrow(() -> new AssertionError("no " + type.getSimpleName() + " in " + step.outputs()));
    }

    private static ApprovalDecidedEvent.Builder decision(boolean approved, ArtifactRef edited) {
        return ApprovalDecidedEvent.newBuilder().setPaperId("p-1").setStage("outline").setApproved(approved)
                .setDecidedBy("alice (token 1234abcd)").setDecidedAt(NOW).setEdited(edited);
    }

    private static ApprovalRequestedEvent request() {
        return ApprovalRequestedEvent.newBuilder().setPaperId("p-1").setStage("outline")
                .setArtifact(artifact("outline")).setRequestedAt(NOW.minusSeconds(3600)).setDeadline(NOW)
                .setOutline(outline()).build();
    }

    private static OutlineCreatedEvent outline() {
        PaperContext context = PaperContext.newBuilder().setPaperId("p-1").setSubmittedAt(NOW)
                .setMaterials(Materials.newBuilder().setSourceDirectory("m").setIdea(artifact("idea"))
                        .setExperimentalLog(artifact("log")).setTemplate(artifact("template"))
                        .setGuidelines(artifact("guidelines")).build())
                .setOptions(JobOptions.newBuilder().setApprovals(List.of("outline")).build())
                .setOutline(artifact("outline")).build();
        return OutlineCreatedEvent.newBuilder().setContext(context).setFigureCount(2).setSearchQueryCount(12).build();
    }

    private static ArtifactRef artifact(String name) {
        return ArtifactRef.newBuilder().setUri("file:///blobs/" + name).setSha256(name.repeat(2)).setSizeBytes(1)
                .setMediaType("application/json").build();
    }
}
