package dev.paperorchestra.runtime.approval;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.paperorchestra.runtime.blob.BlobStore;
import dev.paperorchestra.runtime.blob.LocalBlobStore;
import dev.paperorchestra.base.json.Json;
import dev.paperorchestra.runtime.streams.Step;
import dev.paperorchestra.schemas.ApprovalRecord;
import dev.paperorchestra.schemas.CompileReport;
import dev.paperorchestra.schemas.CompileStatus;
import dev.paperorchestra.schemas.DraftRequestedEvent;
import dev.paperorchestra.schemas.FiguresReadyEvent;
import dev.paperorchestra.schemas.LiteratureDraftRequestedEvent;
import dev.paperorchestra.schemas.LiteratureReadyEvent;
import dev.paperorchestra.schemas.NamedArtifact;
import dev.paperorchestra.schemas.PaperCompletedEvent;
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
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/** The gate's decisions, without a broker: hold, release (as is or edited), reject, time out, drop on cancel. */
class ApprovalGateTest {

    private static final Instant NOW = Instant.parse("2026-11-26T10:00:00Z");
    private final AtomicInteger ended = new AtomicInteger();
    private final AtomicInteger completed = new AtomicInteger();
    @TempDir
    Path blobRoot;
    private ApprovalGate gate;
    private BlobStore blobs;

    @BeforeEach
    void gate() {
        blobs = new LocalBlobStore(blobRoot);
        gate = new ApprovalGate(Clock.fixed(NOW, ZoneOffset.UTC), Duration.ofSeconds(30), blobs,
                ended::incrementAndGet, context -> completed.incrementAndGet());
    }

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
        PaperContext context = outline().getContext();
        PaperContext withTimeout = PaperContext.newBuilder(context).setOptions(JobOptions
                .newBuilder(context.getOptions()).setApprovalTimeout("PT2H").build()).build();

        assertThat(Approvals.request(context, "outline", artifact("outline"), NOW, Duration.ofDays(7)).getDeadline())
                .isEqualTo(NOW.plus(Duration.ofDays(7)));
        assertThat(Approvals.request(withTimeout, "outline", artifact("outline"), NOW, Duration.ofDays(7))
                .getDeadline()).isEqualTo(NOW.plus(Duration.ofHours(2)));
    }

    @Test
    void a_paper_waits_at_a_gate_its_job_asks_for_until_its_context_holds_a_decision_for_it() {
        PaperContext context = PaperContext.newBuilder(outline().getContext()).setOptions(JobOptions.newBuilder()
                .setApprovals(List.of("citations", "final")).build()).build();
        ApprovalRecord decision = ApprovalRecord.newBuilder().setStage("citations").setDecision("APPROVED")
                .setDecidedBy("bob").setDecidedAt(NOW).setRemoved(List.of("smith2020")).build();

        assertThat(Approvals.waits(context, "citations")).isTrue();
        assertThat(Approvals.waits(context, "figures")).as("not asked for").isFalse();
        PaperContext decided = PaperContext.newBuilder(context).setApprovals(List.of(decision)).build();
        assertThat(Approvals.waits(decided, "citations")).isFalse();
        assertThat(Approvals.waits(decided, "final")).isTrue();
        assertThat(Approvals.removed(decided, "citations")).containsExactly("smith2020");
    }

    @Test
    void the_citations_gate_sends_the_draft_request_back_with_what_was_removed_in_its_context() {
        LiteratureDraftRequestedEvent literature = LiteratureDraftRequestedEvent.newBuilder()
                .setContext(outline().getContext()).build();
        ApprovalRequestedEvent request = ApprovalRequestedEvent.newBuilder(request()).setStage("citations")
                .setOutline(null).setLiterature(literature).build();

        Step<ApprovalRequestedEvent> step = gate.apply(request, decision(true, artifact("pool")).setStage("citations")
                .setChange("removed 1 of 3 citations: smith2020").setRemoved(List.of("smith2020")).build());

        assertThat(step.outputs()).extracting(out -> out.topic().name())
                .containsExactly("paper-status", "literature-draft-requests");
        LiteratureDraftRequestedEvent released = only(step, LiteratureDraftRequestedEvent.class);
        assertThat(Approvals.waits(released.getContext(), "citations")).isFalse();
        assertThat(Approvals.removed(released.getContext(), "citations")).containsExactly("smith2020");
        assertThat(released.getContext().getTimings()).last().satisfies(timing -> {
            assertThat(timing.getStage()).isEqualTo("citations-approval");
            assertThat(timing.getStartedAt()).isEqualTo(request.getRequestedAt());
        });
    }

    @Test
    void the_figures_gate_sends_both_halves_of_the_draft_request_back_with_the_decision() {
        PaperContext context = outline().getContext();
        DraftRequestedEvent draft = DraftRequestedEvent.newBuilder()
                .setLiterature(LiteratureReadyEvent.newBuilder().setContext(context).setCitationMap(artifact("map"))
                        .setBibliography(artifact("bib")).setDraft(artifact("tex")).setCandidateCount(0)
                        .setVerifiedCount(0).setRejectedCount(0).setScholarRequests(0).build())
                .setFigures(FiguresReadyEvent.newBuilder().setContext(context).build()).build();
        ApprovalRequestedEvent request = ApprovalRequestedEvent.newBuilder(request()).setStage("figures")
                .setOutline(null).setDraft(draft).build();

        Step<ApprovalRequestedEvent> step = gate.apply(request, decision(true, artifact("figs")).setStage("figures")
                .setChange("removed 1 of 2 figures: fig_b").setRemoved(List.of("fig_b")).build());

        DraftRequestedEvent released = only(step, DraftRequestedEvent.class);
        assertThat(Approvals.removed(released.getLiterature().getContext(), "figures")).containsExactly("fig_b");
        assertThat(Approvals.removed(released.getFigures().getContext(), "figures")).containsExactly("fig_b");
        assertThat(step.outputs()).extracting(out -> out.topic().name()).contains("draft-requests");
    }

    @Test
    void the_final_gate_releases_the_completion_with_the_decision_in_its_summary() {
        ArtifactRef summary = blobs.putText("{\"mode\":\"offline\",\"paperId\":\"p-1\",\"stages\":[],\"approvals\":[]}",
                "application/json");
        PaperCompletedEvent completion = PaperCompletedEvent.newBuilder().setContext(outline().getContext())
                .setArtifacts(List.of(NamedArtifact.newBuilder().setName("summary.json").setArtifact(summary).build(),
                        NamedArtifact.newBuilder().setName("paper.pdf").setArtifact(artifact("pdf")).build()))
                .setFinalVersion(0).setIterations(0)
                .setCompile(CompileReport.newBuilder().setStatus(CompileStatus.COMPILED).setMessage("1 page").build())
                .build();
        ApprovalRequestedEvent request = ApprovalRequestedEvent.newBuilder(request()).setStage("final")
                .setOutline(null).setCompleted(completion).build();

        Step<ApprovalRequestedEvent> step = gate.apply(request, decision(true, null).setStage("final")
                .setNote("ship it").build());

        PaperCompletedEvent released = only(step, PaperCompletedEvent.class);
        assertThat(step.outputs()).extracting(out -> out.topic().name()).contains("paper-completed");
        assertThat(completed).as("counted as completed").hasValue(1);
        ArtifactRef rewritten = released.getArtifacts().getFirst().getArtifact();
        JsonNode json = Json.mapper().readTree(blobs.getText(rewritten));
        assertThat(json.path("approvals").get(0).path("stage").asString()).isEqualTo("final");
        assertThat(json.path("approvals").get(0).path("note").asString()).isEqualTo("ship it");
        assertThat(json.path("stages").get(0).path("stage").asString()).isEqualTo("final-approval");
        assertThat(released.getArtifacts().get(1).getArtifact()).isEqualTo(artifact("pdf"));
    }

    @Test
    void a_request_without_the_event_its_gate_releases_is_refused() {
        ApprovalRequestedEvent request = ApprovalRequestedEvent.newBuilder(request()).setStage("final")
                .build();

        assertThatThrownBy(() -> gate.apply(null, request))
                .hasMessageContaining("final gate without the event");
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
