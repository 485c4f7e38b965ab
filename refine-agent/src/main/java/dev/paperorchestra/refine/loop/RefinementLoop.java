package dev.paperorchestra.refine.loop;

import dev.paperorchestra.content.materials.MessyNotes;
import dev.paperorchestra.refine.check.CheckedRevision;
import dev.paperorchestra.refine.check.RevisionCandidate;
import dev.paperorchestra.refine.check.RevisionCheck;
import dev.paperorchestra.refine.completion.PaperCompletion;
import dev.paperorchestra.refine.completion.RefinementOutcome;
import dev.paperorchestra.runtime.blob.BlobStore;
import dev.paperorchestra.runtime.blob.MediaTypes;
import dev.paperorchestra.base.errors.PermanentException;
import dev.paperorchestra.gateway.ModelMode;
import dev.paperorchestra.model.tex.UnicodeLatex;
import dev.paperorchestra.schemas.ArtifactRef;
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
 * the acceptance rule keeps or reverts. A revision that fails its checks is rejected before it is reviewed.
 * The loop stops on a revert, a rejection or at the iteration limit, always on the best version.
 */
public final class RefinementLoop {

    private final BlobStore blobs;
    private final Reviser offlineReviser;
    private final Reviser modelReviser;
    private final RevisionCheck check;
    private final int defaultIterationLimit;
    private final PaperCompletion completion;
    private final RefinementMetrics metrics;

    public RefinementLoop(BlobStore blobs, Reviser offlineReviser, Reviser modelReviser, RevisionCheck check,
            int defaultIterationLimit, PaperCompletion completion, RefinementMetrics metrics) {
        this.blobs = blobs;
        this.offlineReviser = offlineReviser;
        this.modelReviser = modelReviser;
        this.check = check;
        this.defaultIterationLimit = defaultIterationLimit;
        this.completion = completion;
        this.metrics = metrics;
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
                .setKept(List.of())
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
        reviews.add(NamedArtifact.newBuilder().setName(reviewName(iteration)).setArtifact(review.getReview()).build());
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
                return complete(state, reviewed, reviews, worklog, iteration, limit,
                        "iteration limit " + limit + " reached: kept version " + version(reviewed), now);
            }
            return revise(state, reviewed, reviews, worklog, 1, limit, now);
        }
        Decision decision = RevisionAcceptance.decide(best.getScores(), review.getScores(), iteration, limit);
        recordDecision(worklog, iteration, review, decision);
        metrics.decided(decision, best.getScores(), review.getScores());
        return switch (decision) {
            case Decision.Keep keep -> revise(state, reviewed, reviews, worklog, iteration + 1, limit, now);
            case Decision.KeepAndStop stop -> complete(state, reviewed, reviews, worklog, iteration, limit,
                    "iteration limit " + limit + " reached: kept version " + version(reviewed), now);
            case Decision.Revert revert -> complete(state, best, reviews, worklog, iteration, limit,
                    "revision " + iteration + " reverted: kept version " + version(best), now);
            case Decision.Reject reject -> throw new IllegalStateException("a reviewed revision is never rejected");
        };
    }

    /** The job's limit wins; a negative one (never valid) falls back to the configured default. */
    int iterationLimit(PaperContext context) {
        int fromJob = context.getOptions().getRefineIterationLimit();
        return fromJob >= 0 ? fromJob : defaultIterationLimit;
    }

    /** The name of the review of iteration n among the outputs. */
    public static String reviewName(int iteration) {
        return "reviews/iteration-" + iteration + ".json";
    }

    private LoopStep revise(RefinementState state, ReviewedVersion best, List<NamedArtifact> reviews,
            List<WorklogEntry> worklog, int iteration, int limit, Instant now) {
        PaperDraftedEvent draft = state.getDraft();
        String paperId = draft.getContext().getPaperId();
        String bestTex = blobs.getText(best.getPaper().getTex());
        Reviser reviser = ModelMode.isOffline(draft.getContext()) ? offlineReviser : modelReviser;
        Revision revision = reviser.revise(new RevisionInput(paperId, iteration, bestTex,
                blobs.getText(best.getReview()), blobs.getText(draft.getCitationMap()),
                MessyNotes.cleanText(blobs.getText(draft.getContext().getMaterials().getExperimentalLog())),
                blobs.getText(draft.getBibliography()),
                MessyNotes.cleanText(blobs.getText(draft.getContext().getMaterials().getIdea()))));
        PaperVersion candidate;
        List<String> refused = revision.refusedByTheLock();
        if (!refused.isEmpty()) {
            // every point's edit was refused by the evidence lock: nothing is left to review
            return rejected(state, best, reviews, worklog, iteration, limit, revision, refused, now);
        }
        if (revision.tex().equals(bestTex)) {
            // an unchanged text keeps the PDF and compile report of the version it came from
            candidate = PaperVersion.newBuilder(best.getPaper()).setVersion(iteration).build();
        } else {
            switch (check.check(new RevisionCandidate(paperId, iteration,
                    UnicodeLatex.typesettable(revision.tex()), bestTex, draft))) {
                case CheckedRevision.Passed passed -> candidate = passed.version();
                case CheckedRevision.Failed failed -> {
                    return rejected(state, best, reviews, worklog, iteration, limit, revision, failed.failures(),
                            now);
                }
            }
        }
        worklog.add(new WorklogEntry(iteration, revision.addressedWeaknesses(), revision.integratedAnswers(),
                revision.actionsTaken(), best.getScores(), null, WorklogEntry.PENDING,
                "awaiting the review of version " + iteration, revision.generatedBy(), revision.planEdits()));
        RefinementState next = RefinementState.newBuilder(state)
                .setIteration(iteration)
                .setCandidate(candidate)
                .setBest(best)
                .setReviews(reviews)
                .setWorklog(storeWorklog(worklog))
                .setKept(RefinementOutcome.keptWith(state.getKept(), best.getPaper()))
                .build();
        ReviewRequestedEvent request = ReviewRequestedEvent.newBuilder().setPaperId(paperId).setState(next).build();
        return new LoopStep.Continue(request, "reviewing version " + iteration + " (best so far: version "
                + version(best) + ", overall " + RevisionAcceptance.number(best.getScores().getOverall()) + ")");
    }

    /** A revision that failed its checks or the evidence lock: never reviewed, the loop stops on the best version. */
    private LoopStep rejected(RefinementState state, ReviewedVersion best, List<NamedArtifact> reviews,
            List<WorklogEntry> worklog, int iteration, int limit, Revision revision, List<String> failures,
            Instant now) {
        Decision rejected = RevisionAcceptance.reject(failures);
        metrics.decided(rejected);
        worklog.add(new WorklogEntry(iteration, revision.addressedWeaknesses(), revision.integratedAnswers(),
                revision.actionsTaken(), best.getScores(), null, WorklogEntry.REJECTED, rejected.reason(),
                revision.generatedBy(), revision.planEdits()));
        return complete(state, best, reviews, worklog, iteration, limit,
                "revision " + iteration + " rejected: kept version " + version(best), now);
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
            List<WorklogEntry> worklog, int iterations, int limit, String stopReason, Instant now) {
        List<String> decisions = new ArrayList<>();
        for (WorklogEntry entry : worklog) {
            if (!entry.decision().equals(WorklogEntry.PENDING)) {
                decisions.add("iteration " + entry.iteration() + ": " + entry.why());
            }
        }
        decisions.add(stopReason);
        metrics.completed(iterations);
        PaperCompletedEvent completed = completion.complete(new RefinementOutcome(state, best, reviews,
                storeWorklog(worklog), decisions, iterations, limit), now);
        return new LoopStep.Complete(completed, PaperCompletion.statusMessage(completed));
    }

    private ArtifactRef storeWorklog(List<WorklogEntry> worklog) {
        return blobs.putText(Worklog.toJson(worklog), MediaTypes.JSON);
    }

    private static int version(ReviewedVersion reviewed) {
        return reviewed.getPaper().getVersion();
    }
}
