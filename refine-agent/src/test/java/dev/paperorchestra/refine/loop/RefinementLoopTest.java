package dev.paperorchestra.refine.loop;

import static dev.paperorchestra.refine.DraftFixtures.scores;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.paperorchestra.runtime.tracing.RecordTracing;
import dev.paperorchestra.gateway.usage.InMemoryUsageLedger;
import dev.paperorchestra.refine.DraftFixtures;
import dev.paperorchestra.refine.check.CompilingRevisionCheck;
import dev.paperorchestra.refine.check.RevisionCompiler;
import dev.paperorchestra.refine.completion.PaperCompletion;
import dev.paperorchestra.runtime.blob.BlobStore;
import dev.paperorchestra.runtime.blob.LocalBlobStore;
import dev.paperorchestra.runtime.blob.MediaTypes;
import dev.paperorchestra.base.errors.PermanentException;
import dev.paperorchestra.base.json.Json;
import dev.paperorchestra.gateway.UnconfiguredLlmGateway;
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
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

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
                new CompilingRevisionCheck(blobs, RevisionCompiler.none()), 3,
                new PaperCompletion(blobs, "refine-agent", new InMemoryUsageLedger(), RecordTracing.NONE),
                new RefinementMetrics(new SimpleMeterRegistry()));
    }

    private ReviewRequestedEvent start(int limit) {
        PaperDraftedEvent draft = DraftFixtures.draft(blobs, "paper-1", LlmMode.OFFLINE, limit);
        return loop.start(draft, DraftFixtures.DRAFTED);
    }

    /** The review a reviewer saves: whatever its format, it carries the scores the event carries. */
    private ReviewCompletedEvent answer(ReviewRequestedEvent request, ReviewScores scores) {
        ObjectNode review = Json.mapper().createObjectNode().put("iteration", request.getState().getIteration());
        review.set("scores", Worklog.scores(scores));
        String json = Json.mapper().writeValueAsString(review);
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
        // every kept version has the draft's text: nothing to diff, so no versions/ outputs
        assertThat(completes(step).getArtifacts()).noneMatch(a -> a.getName().startsWith("versions/"));
    }

    @Test
    void the_state_carries_every_kept_version_so_the_paper_can_publish_them() {
        ReviewRequestedEvent request = start(3);
        ReviewRequestedEvent first = continues(loop.next(answer(request, scores(6, 3)), NOW));

        assertThat(first.getState().getKept()).extracting(PaperVersion::getVersion).containsExactly(0);
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

    private RefinementLoop loopWithModelReviser(Reviser reviser) {
        return new RefinementLoop(blobs, new OfflineReviser(), reviser,
                new CompilingRevisionCheck(blobs, RevisionCompiler.none()), 3,
                new PaperCompletion(blobs, "refine-agent", new InMemoryUsageLedger(), RecordTracing.NONE),
                new RefinementMetrics(new SimpleMeterRegistry()));
    }

    private ReviewRequestedEvent startModel(RefinementLoop modelLoop, int limit) {
        return modelLoop.start(DraftFixtures.draft(blobs, "paper-1", LlmMode.MODEL, limit), DraftFixtures.DRAFTED);
    }

    /** A reviser that appends one numbered sentence to the abstract per call, or the given text. */
    private static Reviser appending(List<String> sentences) {
        return input -> new Revision(input.tex().replace("\\end{abstract}",
                sentences.get(input.iteration() - 1) + "\n\\end{abstract}"), List.of("w" + input.iteration()),
                List.of(), List.of("edited the abstract"), "stub/m1");
    }

    @Test
    void a_revision_that_fails_its_checks_is_rejected_without_a_review_and_the_best_version_is_kept() {
        RefinementLoop modelLoop = loopWithModelReviser(appending(List.of("It is exact.",
                "A limitation of our approach is its memory use.")));
        ReviewRequestedEvent first = continues(modelLoop.next(answer(startModel(modelLoop, 3), scores(5, 2)), NOW));

        PaperCompletedEvent completed = completes(modelLoop.next(answer(first, scores(6, 2)), NOW));

        assertThat(completed.getFinalVersion()).isEqualTo(1);
        assertThat(completed.getIterations()).isEqualTo(2);
        JsonNode rejected = artifactJson(completed, "worklog.json").get(1);
        assertThat(rejected.get("decision").asString()).isEqualTo("rejected");
        assertThat(rejected.get("scores_after").isNull()).isTrue();
        assertThat(rejected.get("why").asString()).isEqualTo("failed its checks (adds a limitation statement: "
                + "\"A limitation of our approach is its memory use.\"): rejected");
        assertThat(artifactJson(completed, "summary.json").at("/refinement/decisions")).extracting(JsonNode::asString)
                .endsWith("revision 2 rejected: kept version 1");
    }

    @Test
    void every_decision_can_be_recomputed_from_the_saved_reviews_and_the_worklog() {
        RefinementLoop modelLoop = loopWithModelReviser(appending(List.of("One.", "Two.", "Three.")));
        List<ReviewScores> scripted = List.of(scores(5, 2), scores(6, 2), scores(6, 3), scores(6, 2));
        LoopStep step = modelLoop.next(answer(startModel(modelLoop, 3), scripted.get(0)), NOW);
        for (int i = 1; step instanceof LoopStep.Continue next; i++) {
            step = modelLoop.next(answer(next.request(), scripted.get(i)), NOW);
        }
        PaperCompletedEvent completed = completes(step);

        Map<Integer, ReviewScores> saved = new TreeMap<>();
        for (NamedArtifact artifact : completed.getArtifacts()) {
            if (artifact.getName().startsWith("reviews/iteration-")) {
                int iteration = Integer.parseInt(artifact.getName().replaceAll("\\D", ""));
                saved.put(iteration, Worklog.scores(Json.mapper().readTree(blobs.getText(artifact.getArtifact()))
                        .required("scores")));
            }
        }
        List<WorklogEntry> worklog = Worklog.parse(artifactJson(completed, "worklog.json").toString());
        int limit = artifactJson(completed, "summary.json").at("/refinement/iterationLimit").asInt();

        List<DecisionReplay.Replayed> recomputed = DecisionReplay.replay(saved, worklog, limit);

        List<DecisionReplay.Replayed> recorded = new ArrayList<>();
        worklog.forEach(entry -> recorded.add(new DecisionReplay.Replayed(entry.iteration(), entry.decision(),
                entry.why())));
        assertThat(recomputed).isEqualTo(recorded);
        assertThat(recomputed).extracting(DecisionReplay.Replayed::decision)
                .containsExactly("kept", "kept", "reverted");
        assertThat(completed.getFinalVersion()).isEqualTo(2);
    }

    @Test
    void replaying_a_worklog_whose_review_is_missing_names_the_missing_file() {
        WorklogEntry decided = new WorklogEntry(1, List.of(), List.of(), List.of(), scores(5, 2), scores(6, 2),
                WorklogEntry.KEPT, "overall 5 -> 6: kept", "stub/m1");

        assertThatThrownBy(() -> DecisionReplay.replay(Map.of(0, scores(5, 2)), List.of(decided), 3))
                .isInstanceOf(PermanentException.class).hasMessageContaining("reviews/iteration-1.json");
    }
}
