package dev.paperorchestra.refine.loop;

import dev.paperorchestra.schemas.ReviewScores;
import java.math.BigDecimal;
import java.util.List;
import java.util.Map;

/**
 * The acceptance rule of SPEC.md step 5: keep the revision if the overall score rises, or if it ties and the
 * summed change over the sub-axes is zero or positive; on a decrease, or a tie with a negative sum, revert
 * to the previous version and stop. A kept revision ends the loop when it was the last iteration allowed.
 * A revision that fails its checks is never reviewed and is rejected like a decrease.
 */
public final class RevisionAcceptance {

    private RevisionAcceptance() {
    }

    /**
     * The rule on the scores of the best version so far and of the revision reviewed in {@code iteration}.
     * The sub-axis sum runs over the axes both reviews scored, so an axis one reviewer left out cannot decide
     * the outcome.
     *
     * @param iteration the revision's iteration, 1 for the first revision
     * @param limit     the iteration limit of the job
     */
    public static Decision decide(ReviewScores before, ReviewScores after, int iteration, int limit) {
        int overall = Double.compare(after.getOverall(), before.getOverall());
        String change = "overall " + number(before.getOverall()) + " -> " + number(after.getOverall());
        if (overall < 0) {
            return new Decision.Revert(change + ": reverted");
        }
        String because = change;
        if (overall == 0) {
            double sum = subAxisChange(before.getSubScores(), after.getSubScores());
            because = change + ", sub-axes " + signed(sum);
            if (sum < 0) {
                return new Decision.Revert(because + ": reverted");
            }
        }
        if (iteration >= limit) {
            return new Decision.KeepAndStop(because + ": kept; iteration limit " + limit + " reached");
        }
        return new Decision.Keep(because + ": kept");
    }

    /** A revision that failed its checks: rejected without a review, the loop stops on the previous version. */
    public static Decision reject(List<String> failures) {
        return new Decision.Reject("failed its checks (" + String.join("; ", failures) + "): rejected");
    }

    /** Summed change of the sub-axes both reviews scored. */
    static double subAxisChange(Map<String, Double> before, Map<String, Double> after) {
        double sum = 0;
        for (Map.Entry<String, Double> axis : after.entrySet()) {
            Double previous = before.get(axis.getKey());
            if (previous != null) {
                sum += axis.getValue() - previous;
            }
        }
        return sum;
    }

    /** 6.0 as "6", 6.5 as "6.5": scores read as a person wrote them. */
    static String number(double value) {
        return BigDecimal.valueOf(value).stripTrailingZeros().toPlainString();
    }

    private static String signed(double value) {
        return (value >= 0 ? "+" : "") + number(value);
    }
}
