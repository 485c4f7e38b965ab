package dev.paperorchestra.content.revision;

import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * What became of one proposed edit (a line of edits.json), so the trail can be replayed.
 *
 * @param edit        the edit
 * @param outcome     kept, rolled back or rejected
 * @param scoreBefore the score of the paper without it (null when rejected before scoring)
 * @param scoreAfter  the score with it (null when rejected)
 * @param reasons     why it was rolled back or rejected; empty when kept
 */
public record EditDecision(Edit edit, Outcome outcome, @Nullable Double scoreBefore,
        @Nullable Double scoreAfter, List<String> reasons) {

    public EditDecision {
        reasons = List.copyOf(reasons);
    }

    public enum Outcome {
        /** Applied: it passed the lock and the audit and the score did not drop. */
        KEPT,
        /** Passed the lock and the audit, but the score dropped: the paper is as before, the point is rebutted. */
        ROLLED_BACK,
        /** Refused by the evidence lock or the fabrication audit; never applied. */
        REJECTED
    }

    /** Keep only what helps: a score that does not drop keeps the edit. */
    public static Outcome keepIfNotWorse(double before, double after) {
        return after < before ? Outcome.ROLLED_BACK : Outcome.KEPT;
    }
}
