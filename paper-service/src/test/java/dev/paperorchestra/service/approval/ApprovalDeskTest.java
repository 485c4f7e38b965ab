package dev.paperorchestra.service.approval;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.paperorchestra.outline.schema.OutlineValidator;
import dev.paperorchestra.runtime.blob.LocalBlobStore;
import dev.paperorchestra.base.json.Json;
import dev.paperorchestra.schemas.ArtifactRef;
import dev.paperorchestra.schemas.state.PaperViewState;
import dev.paperorchestra.schemas.state.PendingApproval;
import dev.paperorchestra.service.auth.Caller;
import dev.paperorchestra.service.auth.Role;
import dev.paperorchestra.service.auth.StaticTokens;
import dev.paperorchestra.service.status.PaperViews;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/** The parts of a decision's record that need no broker: who, and what an edit changed. */
class ApprovalDeskTest {

    private static final Caller LOCAL = Caller.LOCAL;

    @Test
    void the_decider_is_the_principals_name_with_the_given_name_before_a_shared_static_tokens_never_the_token() {
        StaticTokens tokens = StaticTokens.parse(List.of("s3cret-token-value", "lab-a:approve:lab-a-s3cret"));
        Caller bare = tokens.find("s3cret-token-value").orElseThrow();
        Caller labA = tokens.find("lab-a-s3cret").orElseThrow();
        Caller fromJwt = new Caller("alice@lab-a.example", "lab-a", Set.of(Role.APPROVE), true);

        assertThat(ApprovalDesk.decider("alice\u0007\n", bare)).doesNotContain("s3cret")
                .matches("alice \\(token [0-9a-f]{8}\\)");
        assertThat(ApprovalDesk.decider("alice", labA)).doesNotContain("s3cret")
                .matches("alice \\(lab-a token [0-9a-f]{8}\\)");
        assertThat(ApprovalDesk.decider("mallory", fromJwt)).as("a verified name is not replaced by a given one")
                .isEqualTo("alice@lab-a.example");
        assertThat(ApprovalDesk.decider(null, Caller.LOCAL)).isEqualTo("someone (no token: a local service)");
        assertThat(ApprovalDesk.decider("x".repeat(500), Caller.LOCAL)).hasSizeLessThan(130);
    }

    @Test
    void an_edit_is_described_by_the_parts_it_changes_and_the_edited_digest() {
        JsonNode original = Json.mapper().readTree("""
                {"plotting_plan":[{"figure_id":"fig_a"},{"figure_id":"fig_b"}],
                 "intro_related_work_plan":{"x":1},"section_plan":[{"section_title":"Method"}]}""");
        JsonNode edited = Json.mapper().readTree("""
                {"plotting_plan":[{"figure_id":"fig_a"}],
                 "intro_related_work_plan":{"x":1},"section_plan":[{"section_title":"Approach"}]}""");

        assertThat(OutlineChanges.describe(original, edited, "0123456789abcdef"))
                .isEqualTo("plotting_plan 2 -> 1 entries, section_plan changed (outline.json sha256 0123456789ab)");
        assertThat(OutlineChanges.describe(original, original, "0123456789abcdef"))
                .startsWith("no change to the outline's content");
    }

    @Test
    void a_decision_is_refused_before_anything_is_written_when_the_paper_does_not_wait_there_or_the_edit_is_invalid(
            @TempDir Path blobsDir) {
        LocalBlobStore blobs = new LocalBlobStore(blobsDir);
        ArtifactRef outline = blobs.putText("{\"plotting_plan\": []}", "application/json");
        PaperViewState waiting = PaperViewState.newBuilder().setPaperId("p-1").setState("AWAITING_APPROVAL")
                .setCurrentStage("outline").setUpdatedAt(Instant.EPOCH).setApproval(PendingApproval.newBuilder()
                        .setStage("outline").setArtifact(outline).setRequestedAt(Instant.EPOCH)
                        .setDeadline(Instant.EPOCH.plusSeconds(60)).build()).build();
        PaperViewState running = PaperViewState.newBuilder(waiting).setState("RUNNING").build();
        // no writer: every refusal below must come before anything is sent
        ApprovalDesk desk = new ApprovalDesk(views(Map.of("p-1", waiting, "p-2", running)), null, blobs,
                new OutlineValidator(), Clock.systemUTC(), Duration.ZERO);

        assertThatThrownBy(() -> desk.decide("p-2", "outline", new ApprovalRequest("approve", "a", null, null), LOCAL))
                .isInstanceOf(NotWaitingException.class).hasMessageContaining("state RUNNING");
        assertThatThrownBy(() -> desk.decide("p-1", "final", new ApprovalRequest("approve", "a", null, null), LOCAL))
                .isInstanceOf(NotWaitingException.class).hasMessageContaining("waits at the outline gate, not at final");
        assertThatThrownBy(() -> desk.decide("p-1", "everything", new ApprovalRequest("approve", null, null, null),
                LOCAL)).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("unknown approval gate");
        assertThatThrownBy(() -> desk.decide("p-1", "outline", new ApprovalRequest("maybe", null, null, null), LOCAL))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("approve or reject");
        assertThatThrownBy(() -> desk.decide("p-1", "outline", new ApprovalRequest("reject", null, " \n", null),
                LOCAL)).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("needs a reason");
        assertThatThrownBy(() -> desk.decide("p-1", "outline", new ApprovalRequest("reject", null, "no",
                Json.mapper().readTree("{}")), LOCAL)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("not a rejection");
        JsonNode hostile = Json.mapper().readTree("""
                {"plotting_plan":[{"figure_id":"Figure_1","title":"t","plot_type":"plot","data_source":"idea.md",
                  "objective":"o","aspect_ratio":"7:5","extra":"<script>"}],"intro_related_work_plan":{},
                 "section_plan":[],"fourth_key":true}""");
        assertThatThrownBy(() -> desk.decide("p-1", "outline", new ApprovalRequest("approve", null, null, hostile),
                LOCAL)).isInstanceOfSatisfying(InvalidEditException.class, e -> assertThat(e.violations())
                        .anyMatch(v -> v.startsWith("plotting_plan[0].aspect_ratio"))
                        .anyMatch(v -> v.contains("fourth_key"))
                        .anyMatch(v -> v.contains("figure")));
    }

    private static PaperViews views(Map<String, PaperViewState> known) {
        return new PaperViews(null) {
            @Override
            public Optional<PaperViewState> find(String paperId) {
                return Optional.ofNullable(known.get(paperId));
            }
        };
    }
}
