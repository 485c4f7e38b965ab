package dev.paperorchestra.refine.loop;

import dev.paperorchestra.schemas.ReviewScores;
import java.math.BigDecimal;
import java.util.Map;

/**
 * The acceptance rule of SPEC.md step 5: keep the revision if the overall score rises, or if it ties and the
 * summed change over the sub-axes is zero or positive; on a decrease, or a tie with a negative sum, revert
 * to the previous version and stop.
 */
public final class AcceptanceRule {

    private AcceptanceRule() {
    }

    /**
     * The rule on scores alone. The sub-axis sum runs over the axes both reviews scored, so an axis one
     * reviewer left out cannot decide the outcome.
     */
    public static Decision decide(ReviewScores before, ReviewScores after) {
        int overall = Double.compare(after.getOverall(), before.getOverall());
        String change = "overall " + number(before.getOverall()) + " -> " + number(after.getOverall());
        if (overall > 0) {
            return new Decision.Accept(change + ": kept");
        }
        if (overall < 0) {
            return new Decision.Revert(change + ": reverted");
        }
        double sum = subAxisChange(before.getSubScores(), after.getSubScores());
        String tie = change + ", sub-axes " + signed(sum);
        return sum >= 0 ? new Decision.Accept(tie + ": kept") : new Decision.Revert(tie + ": reverted");
    }

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
