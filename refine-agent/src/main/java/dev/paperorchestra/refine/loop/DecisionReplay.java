package dev.paperorchestra.refine.loop;

import dev.paperorchestra.base.errors.PermanentException;
import dev.paperorchestra.schemas.ReviewScores;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Recomputes the loop's decisions from its outputs alone: the scores saved in reviews/iteration-N.json,
 * worklog.json and the iteration limit in summary.json. Anyone can check a run this way; the loop itself is
 * tested against it. A rejected revision was never reviewed, so its decision is taken from the worklog (the
 * failures it names can be re-checked on the LaTeX).
 */
public final class DecisionReplay {

    /**
     * One recomputed decision.
     *
     * @param iteration the revision
     * @param decision  worklog.json's decision field as the rule gives it (kept, reverted, rejected)
     * @param why       the rule's reason
     */
    public record Replayed(int iteration, String decision, String why) {
    }

    private DecisionReplay() {
    }

    /**
     * @param reviewScores the scores of every saved review by iteration (0 is the draft)
     * @param worklog      worklog.json as written
     * @param limit        the iteration limit the loop ran under
     * @throws PermanentException when a decided revision has no saved review
     */
    public static List<Replayed> replay(Map<Integer, ReviewScores> reviewScores, List<WorklogEntry> worklog,
            int limit) {
        ReviewScores best = required(reviewScores, 0);
        List<Replayed> replayed = new ArrayList<>();
        for (WorklogEntry entry : worklog) {
            if (entry.decision().equals(WorklogEntry.PENDING)) {
                continue;
            }
            if (entry.decision().equals(WorklogEntry.REJECTED)) {
                replayed.add(new Replayed(entry.iteration(), entry.decision(), entry.why()));
                continue;
            }
            ReviewScores after = required(reviewScores, entry.iteration());
            Decision decision = RevisionAcceptance.decide(best, after, entry.iteration(), limit);
            replayed.add(new Replayed(entry.iteration(), WorklogEntry.label(decision), decision.reason()));
            if (decision.keepsRevision()) {
                best = after;
            }
        }
        return replayed;
    }

    private static ReviewScores required(Map<Integer, ReviewScores> reviewScores, int iteration) {
        ReviewScores scores = reviewScores.get(iteration);
        if (scores == null) {
            throw new PermanentException("no saved review for iteration " + iteration + " ("
                    + RefinementLoop.reviewName(iteration) + "); its decision cannot be recomputed");
        }
        return scores;
    }
}
