package dev.paperorchestra.refine.loop;

import dev.paperorchestra.refine.completion.PaperCompletion;
import dev.paperorchestra.refine.completion.RefinementOutcome;
import dev.paperorchestra.runtime.blob.BlobStore;
import dev.paperorchestra.runtime.blob.MediaTypes;
import dev.paperorchestra.runtime.errors.PermanentException;
import dev.paperorchestra.runtime.llm.ModelMode;
import dev.paperorchestra.schemas.ArtifactRef;
import dev.paperorchestra.schemas.CompileReport;
import dev.paperorchestra.schemas.CompileStatus;
import dev.paperorchestra.schemas.NamedArtifact;
import dev.paperorchestra.schemas.PaperCompletedEvent;
import dev.paperorchestra.schemas.PaperContext;
import dev.paperorchestra.schemas.PaperDraftedEvent;
import dev.paperorchestra.schemas.PaperVersion;
import dev.paperorchestra.schemas.RefinementState;
import dev.paperorchestra.schemas.ReviewCompletedEvent;
import dev.paperorchestra.schemas.ReviewRequestedEvent;
import dev.paperorchestra.schemas.ReviewedVersion;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * The refinement loop as a function of the events: the whole state travels in {@link RefinementState}, so
 * any replica can take the next step. Iteration 0 reviews the draft; iteration n reviews revision n, which
 * the acceptance rule keeps or reverts. The loop stops on a revert or at the iteration limit.
 */
public final class RefinementLoop {

    static final String NOT_COMPILED = "revision not compiled: refine-agent has no LaTeX toolchain yet";

    private final BlobStore blobs;
    private final Reviser offlineReviser;
    private final Reviser modelReviser;
    private final int defaultIterationLimit;
    private final PaperCompletion completion;

    public RefinementLoop(BlobStore blobs, Reviser offlineReviser, Reviser modelReviser, int defaultIterationLimit,
            PaperCompletion completion) {
        this.blobs = blobs;
        this.offlineReviser = offlineReviser;
        this.modelReviser = modelReviser;
        this.defaultIterationLimit = defaultIterationLimit;
        this.completion = completion;
    }

    /** The first review request: the writer's draft as iteration 0, nothing kept yet. */
    public ReviewRequestedEvent start(PaperDraftedEvent draft, Instant now) {
        RefinementState state = RefinementState.newBuilder()
                .setDraft(draft)
                .setIteration(0)
                .setCandidate(draft.getDraft())
                .setBest(null)
                .setReviews(List.of())
                .setWorklog(null)
                .setStartedAt(now)
                .build();
        return ReviewRequestedEvent.newBuilder().setPaperId(draft.getContext().getPaperId()).setState(state).build();
    }

    /** The step after a review: the next request, or the completed paper. */
    public LoopStep next(ReviewCompletedEvent review, Instant now) {
        RefinementState state = review.getState();
        int iteration = state.getIteration();
        int limit = iterationLimit(state.getDraft().getContext());
        List<NamedArtifact> reviews = new ArrayList<>(state.getReviews());
        reviews.add(NamedArtifact.newBuilder().setName("reviews/iteration-" + iteration + ".json")
                .setArtifact(review.getReview()).build());
        List<WorklogEntry> worklog = state.getWorklog() == null ? new ArrayList<>()
                : new ArrayList<>(Worklog.parse(blobs.getText(state.getWorklog())));
        ReviewedVersion reviewed = ReviewedVersion.newBuilder().setPaper(state.getCandidate())
                .setReview(review.getReview()).setScores(review.getScores()).build();
        ReviewedVersion best = state.getBest();
        if (best == null) {
            if (iteration != 0) {
                throw new PermanentException("refinement state of paper " + review.getPaperId() + " has no best "
                        + "version at iteration " + iteration + "; the loop cannot decide");
            }
            if (limit <= 0) {
                return complete(state, reviewed, reviews, worklog, iteration,
                        "iteration limit " + limit + " reached: kept version " + version(reviewed), now);
            }
            return revise(state, reviewed, reviews, worklog, 1);
        }
        Decision decision = AcceptanceRule.decide(best.getScores(), review.getScores());
        recordDecision(worklog, iteration, review, decision);
        if (decision instanceof Decision.Revert) {
            return complete(state, best, reviews, worklog, iteration,
                    "revision " + iteration + " rejected: kept version " + version(best), now);
        }
        if (iteration >= limit) {
            return complete(state, reviewed, reviews, worklog, iteration,
                    "iteration limit " + limit + " reached: kept version " + version(reviewed), now);
        }
        return revise(state, reviewed, reviews, worklog, iteration + 1);
    }

    /** The job's limit wins; a negative one (never valid) falls back to the configured default. */
    int iterationLimit(PaperContext context) {
        int fromJob = context.getOptions().getRefineIterationLimit();
        return fromJob >= 0 ? fromJob : defaultIterationLimit;
    }

    private LoopStep revise(RefinementState state, ReviewedVersion best, List<NamedArtifact> reviews,
            List<WorklogEntry> worklog, int iteration) {
        PaperDraftedEvent draft = state.getDraft();
        String paperId = draft.getContext().getPaperId();
        String bestTex = blobs.getText(best.getPaper().getTex());
        Reviser reviser = ModelMode.isOffline(draft.getContext()) ? offlineReviser : modelReviser;
        Revision revision = reviser.revise(new RevisionInput(paperId, iteration, bestTex,
                blobs.getText(best.getReview()), blobs.getText(draft.getCitationMap()),
                blobs.getText(draft.getContext().getMaterials().getExperimentalLog())));
        worklog.add(new WorklogEntry(iteration, revision.addressedWeaknesses(), revision.integratedAnswers(),
                revision.actionsTaken(), best.getScores(), null, WorklogEntry.PENDING,
                "awaiting the review of version " + iteration, revision.generatedBy()));
        RefinementState next = RefinementState.newBuilder(state)
                .setIteration(iteration)
                .setCandidate(candidate(iteration, revision.tex(), bestTex, best.getPaper()))
                .setBest(best)
                .setReviews(reviews)
                .setWorklog(storeWorklog(worklog))
                .build();
        ReviewRequestedEvent request = ReviewRequestedEvent.newBuilder().setPaperId(paperId).setState(next).build();
        return new LoopStep.Continue(request, "reviewing version " + iteration + " (best so far: version "
                + version(best) + ", overall " + AcceptanceRule.number(best.getScores().getOverall()) + ")");
    }

    /** An unchanged text keeps the PDF and compile report of the version it came from. */
    private PaperVersion candidate(int iteration, String revisedTex, String bestTex, PaperVersion from) {
        if (revisedTex.equals(bestTex)) {
            return PaperVersion.newBuilder(from).setVersion(iteration).build();
        }
        return PaperVersion.newBuilder()
                .setVersion(iteration)
                .setTex(blobs.putText(revisedTex, MediaTypes.TEX))
                .setPdf(null)
                .setCompile(CompileReport.newBuilder().setStatus(CompileStatus.SKIPPED).setMessage(NOT_COMPILED)
                        .build())
                .build();
    }

    private static void recordDecision(List<WorklogEntry> worklog, int iteration, ReviewCompletedEvent review,
            Decision decision) {
        for (int i = worklog.size() - 1; i >= 0; i--) {
            if (worklog.get(i).iteration() == iteration) {
                worklog.set(i, worklog.get(i).decided(review.getScores(), decision));
                return;
            }
        }
        throw new PermanentException("refinement state of paper " + review.getPaperId() + " has no worklog entry "
                + "for revision " + iteration + "; the loop cannot record its decision");
    }

    private LoopStep complete(RefinementState state, ReviewedVersion best, List<NamedArtifact> reviews,
            List<WorklogEntry> worklog, int iterations, String stopReason, Instant now) {
        List<String> decisions = new ArrayList<>();
        for (WorklogEntry entry : worklog) {
            if (!entry.decision().equals(WorklogEntry.PENDING)) {
                decisions.add("iteration " + entry.iteration() + ": " + entry.why());
            }
        }
        decisions.add(stopReason);
        PaperCompletedEvent completed = completion.complete(new RefinementOutcome(state, best, reviews,
                storeWorklog(worklog), decisions, iterations), now);
        return new LoopStep.Complete(completed, PaperCompletion.statusMessage(completed));
    }

    private ArtifactRef storeWorklog(List<WorklogEntry> worklog) {
        return blobs.putText(Worklog.toJson(worklog), MediaTypes.JSON);
    }

    private static int version(ReviewedVersion reviewed) {
        return reviewed.getPaper().getVersion();
    }
}
