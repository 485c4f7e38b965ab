package dev.paperorchestra.refine.loop;

import static dev.paperorchestra.refine.DraftFixtures.scores;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.paperorchestra.refine.DraftFixtures;
import dev.paperorchestra.refine.check.RevisionChecks;
import dev.paperorchestra.refine.check.RevisionCompiler;
import dev.paperorchestra.refine.completion.PaperCompletion;
import dev.paperorchestra.runtime.blob.BlobStore;
import dev.paperorchestra.runtime.blob.LocalBlobStore;
import dev.paperorchestra.runtime.blob.MediaTypes;
import dev.paperorchestra.runtime.errors.PermanentException;
import dev.paperorchestra.runtime.json.Json;
import dev.paperorchestra.runtime.llm.UnconfiguredLlmGateway;
import dev.paperorchestra.schemas.JobOptions;
import dev.paperorchestra.schemas.LlmMode;
import dev.paperorchestra.schemas.NamedArtifact;
import dev.paperorchestra.schemas.PaperCompletedEvent;
import dev.paperorchestra.schemas.PaperContext;
import dev.paperorchestra.schemas.PaperDraftedEvent;
import dev.paperorchestra.schemas.PaperVersion;
import dev.paperorchestra.schemas.RefinementState;
import dev.paperorchestra.schemas.ReviewCompletedEvent;
import dev.paperorchestra.schemas.ReviewRequestedEvent;
import dev.paperorchestra.schemas.ReviewScores;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.nio.file.Path;
import java.time.Instant;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

class RefinementLoopTest {

    private static final Instant NOW = DraftFixtures.DRAFTED.plusSeconds(60);

    @TempDir
    Path blobRoot;

    private BlobStore blobs;
    private RefinementLoop loop;

    @BeforeEach
    void createLoop() {
        blobs = new LocalBlobStore(blobRoot);
        loop = new RefinementLoop(blobs, new OfflineReviser(),
                new ModelReviser(new UnconfiguredLlmGateway(), "refine-agent"),
                new RevisionChecks(blobs, RevisionCompiler.none()), 3, new PaperCompletion(blobs, "refine-agent"),
                new RefinementMetrics(new SimpleMeterRegistry()));
    }

    private ReviewRequestedEvent start(int limit) {
        PaperDraftedEvent draft = DraftFixtures.draft(blobs, "paper-1", LlmMode.OFFLINE, limit);
        return loop.start(draft, DraftFixtures.DRAFTED);
    }

    private ReviewCompletedEvent answer(ReviewRequestedEvent request, ReviewScores scores) {
        String json = "{\"Overall\": " + scores.getOverall() + ", \"iteration\": " + request.getState().getIteration()
                + "}";
        return ReviewCompletedEvent.newBuilder().setPaperId(request.getPaperId()).setState(request.getState())
                .setReview(blobs.putText(json, MediaTypes.JSON)).setScores(scores).build();
    }

    private ReviewRequestedEvent continues(LoopStep step) {
        assertThat(step).isInstanceOf(LoopStep.Continue.class);
        return ((LoopStep.Continue) step).request();
    }

    private PaperCompletedEvent completes(LoopStep step) {
        assertThat(step).isInstanceOf(LoopStep.Complete.class);
        return ((LoopStep.Complete) step).completed();
    }

    private static PaperContext withLimit(PaperContext context, int limit) {
        return PaperContext.newBuilder(context)
                .setOptions(JobOptions.newBuilder(context.getOptions()).setRefineIterationLimit(limit).build())
                .build();
    }

    private JsonNode artifactJson(PaperCompletedEvent completed, String name) {
        NamedArtifact artifact = completed.getArtifacts().stream().filter(a -> a.getName().equals(name)).findFirst()
                .orElseThrow();
        return Json.mapper().readTree(blobs.getText(artifact.getArtifact()));
    }

    @Test
    void starts_by_asking_for_a_review_of_the_draft_with_nothing_kept() {
        ReviewRequestedEvent request = start(3);

        RefinementState state = request.getState();
        assertThat(state.getIteration()).isZero();
        assertThat(state.getCandidate()).isEqualTo(state.getDraft().getDraft());
        assertThat(state.getBest()).isNull();
        assertThat(state.getWorklog()).isNull();
        assertThat(state.getStartedAt()).isEqualTo(DraftFixtures.DRAFTED);
    }

    @Test
    void accept_accept_then_stops_at_the_iteration_limit() {
        ReviewRequestedEvent first = continues(loop.next(answer(start(2), scores(6, 3)), NOW));
        ReviewRequestedEvent second = continues(loop.next(answer(first, scores(7, 3)), NOW));
        LoopStep last = loop.next(answer(second, scores(7, 3)), NOW);

        PaperCompletedEvent completed = completes(last);
        assertThat(completed.getFinalVersion()).isEqualTo(2);
        assertThat(completed.getIterations()).isEqualTo(2);
        assertThat(completed.getFinalOverall()).isEqualTo(7.0);
        assertThat(completed.getArtifacts()).extracting(NamedArtifact::getName)
                .contains("reviews/iteration-0.json", "reviews/iteration-1.json", "reviews/iteration-2.json");
        assertThat(artifactJson(completed, "summary.json").at("/refinement/decisions")).extracting(JsonNode::asString)
                .containsExactly("iteration 1: overall 6 -> 7: kept",
                        "iteration 2: overall 7 -> 7, sub-axes +0: kept; iteration limit 2 reached",
                        "iteration limit 2 reached: kept version 2");
        assertThat(((LoopStep.Complete) last).message()).isEqualTo("kept version 2 after 2 iterations; overall 7");
    }

    @Test
    void accept_then_revert_keeps_the_previous_version() {
        ReviewRequestedEvent first = continues(loop.next(answer(start(3), scores(6, 3)), NOW));
        ReviewRequestedEvent second = continues(loop.next(answer(first, scores(7, 3)), NOW));

        PaperCompletedEvent completed = completes(loop.next(answer(second, scores(6, 4)), NOW));

        assertThat(completed.getFinalVersion()).isEqualTo(1);
        assertThat(completed.getIterations()).isEqualTo(2);
        assertThat(completed.getFinalOverall()).isEqualTo(7.0);
        JsonNode worklog = artifactJson(completed, "worklog.json");
        assertThat(worklog).hasSize(2);
        assertThat(worklog.get(1).get("decision").asString()).isEqualTo("reverted");
        assertThat(worklog.get(1).get("why").asString()).isEqualTo("overall 7 -> 6: reverted");
        assertThat(worklog.get(1).at("/scores_after/overall").asDouble()).isEqualTo(6.0);
    }

    @Test
    void limit_zero_completes_after_the_first_review_with_an_empty_worklog() {
        PaperCompletedEvent completed = completes(loop.next(answer(start(0), scores(5, 2)), NOW));

        assertThat(completed.getFinalVersion()).isZero();
        assertThat(completed.getIterations()).isZero();
        assertThat(artifactJson(completed, "worklog.json").isArray()).isTrue();
        assertThat(artifactJson(completed, "worklog.json")).isEmpty();
        assertThat(artifactJson(completed, "summary.json").at("/refinement/decisions")).extracting(JsonNode::asString)
                .containsExactly("iteration limit 0 reached: kept version 0");
    }

    @Test
    void the_offline_reviser_sends_the_same_latex_and_says_so_in_the_worklog() {
        ReviewRequestedEvent start = start(3);

        ReviewRequestedEvent first = continues(loop.next(answer(start, scores(6, 3)), NOW));

        PaperVersion candidate = first.getState().getCandidate();
        assertThat(candidate.getVersion()).isEqualTo(1);
        assertThat(candidate.getTex()).isEqualTo(start.getState().getCandidate().getTex());
        assertThat(candidate.getCompile()).isEqualTo(start.getState().getCandidate().getCompile());
        JsonNode entry = Json.mapper().readTree(blobs.getText(first.getState().getWorklog())).get(0);
        assertThat(entry.get("actions_taken").get(0).asString()).isEqualTo(OfflineReviser.UNCHANGED);
        assertThat(entry.get("addressed_weaknesses")).isEmpty();
        assertThat(entry.get("decision").asString()).isEqualTo("pending");
        assertThat(first.getState().getBest().getScores().getOverall()).isEqualTo(6.0);
        assertThat(first.getState().getReviews()).extracting(NamedArtifact::getName)
                .containsExactly("reviews/iteration-0.json");
    }

    @Test
    void an_offline_loop_runs_to_the_limit_because_the_unchanged_version_ties() {
        ReviewRequestedEvent request = start(3);
        LoopStep step = loop.next(answer(request, scores(6, 3)), NOW);
        while (step instanceof LoopStep.Continue next) {
            step = loop.next(answer(next.request(), scores(6, 3)), NOW);
        }

        assertThat(completes(step).getFinalVersion()).isEqualTo(3);
        assertThat(completes(step).getIterations()).isEqualTo(3);
    }

    @Test
    void the_job_limit_wins_over_the_configured_default() {
        PaperDraftedEvent draft = DraftFixtures.draft(blobs, "paper-1", LlmMode.OFFLINE, 1);

        assertThat(loop.iterationLimit(draft.getContext())).isEqualTo(1);
        assertThat(loop.iterationLimit(withLimit(draft.getContext(), -1))).isEqualTo(3);
    }

    @Test
    void model_mode_revises_through_the_gateway_and_fails_without_a_provider() {
        PaperDraftedEvent draft = DraftFixtures.draft(blobs, "paper-1", LlmMode.MODEL, 3);
        ReviewCompletedEvent review = answer(loop.start(draft, DraftFixtures.DRAFTED), scores(6, 3));

        assertThatThrownBy(() -> loop.next(review, NOW)).isInstanceOf(PermanentException.class)
                .hasMessageContaining("role planner");
    }

    @Test
    void a_review_after_iteration_zero_without_a_best_version_is_a_permanent_failure() {
        ReviewRequestedEvent request = start(3);
        ReviewRequestedEvent corrupt = ReviewRequestedEvent.newBuilder(request)
                .setState(RefinementState.newBuilder(request.getState()).setIteration(2).build()).build();

        assertThatThrownBy(() -> loop.next(answer(corrupt, scores(6, 3)), NOW))
                .isInstanceOf(PermanentException.class).hasMessageContaining("no best version at iteration 2");
    }

    @Test
    void a_revision_without_its_worklog_entry_is_a_permanent_failure() {
        ReviewRequestedEvent first = continues(loop.next(answer(start(3), scores(6, 3)), NOW));
        ReviewRequestedEvent corrupt = ReviewRequestedEvent.newBuilder(first)
                .setState(RefinementState.newBuilder(first.getState())
                        .setWorklog(blobs.putText("[]", MediaTypes.JSON)).build()).build();

        assertThatThrownBy(() -> loop.next(answer(corrupt, scores(7, 3)), NOW))
                .isInstanceOf(PermanentException.class).hasMessageContaining("no worklog entry for revision 1");
    }

    @Test
    void every_step_names_the_reviews_so_far() {
        ReviewRequestedEvent first = continues(loop.next(answer(start(3), scores(6, 3)), NOW));
        ReviewRequestedEvent second = continues(loop.next(answer(first, scores(6, 3)), NOW));

        assertThat(second.getState().getReviews()).extracting(NamedArtifact::getName)
                .containsExactly("reviews/iteration-0.json", "reviews/iteration-1.json");
    }
}
