package dev.paperorchestra.refine.loop;

import dev.paperorchestra.schemas.ReviewScores;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * One revision in worklog.json. Written when the revision is made (decision {@value #PENDING}) and completed
 * when its review comes back.
 *
 * @param iteration           the revision's iteration (and version) number
 * @param addressedWeaknesses reviewer weaknesses the revision answers
 * @param integratedAnswers   reviewer questions answered inside the paper
 * @param actionsTaken        what the reviser did, in its own words
 * @param scoresBefore        scores of the version the revision started from
 * @param scoresAfter         scores of the revision; null until it is reviewed
 * @param decision            {@value #PENDING}, {@value #KEPT}, {@value #REVERTED} or {@value #REJECTED}
 * @param why                 the acceptance rule's reason, naming the numbers
 * @param generatedBy         who revised: the offline label or provider/model
 * @param planEdits           each meta-review point's section and edit outcome; empty without a panel's plan
 */
public record WorklogEntry(int iteration, List<String> addressedWeaknesses, List<String> integratedAnswers,
        List<String> actionsTaken, ReviewScores scoresBefore, @Nullable ReviewScores scoresAfter, String decision,
        String why, String generatedBy, List<PlanEdit> planEdits) {

    public static final String PENDING = "pending";
    public static final String KEPT = "kept";
    public static final String REVERTED = "reverted";
    /** Failed its checks (compile, gates, added caveats) and was never reviewed. */
    public static final String REJECTED = "rejected";

    public WorklogEntry {
        addressedWeaknesses = List.copyOf(addressedWeaknesses);
        integratedAnswers = List.copyOf(integratedAnswers);
        actionsTaken = List.copyOf(actionsTaken);
        planEdits = List.copyOf(planEdits);
    }

    /** An entry of a revision not traced to a meta-review plan. */
    public WorklogEntry(int iteration, List<String> addressedWeaknesses, List<String> integratedAnswers,
            List<String> actionsTaken, ReviewScores scoresBefore, @Nullable ReviewScores scoresAfter, String decision,
            String why, String generatedBy) {
        this(iteration, addressedWeaknesses, integratedAnswers, actionsTaken, scoresBefore, scoresAfter, decision,
                why, generatedBy, List.of());
    }

    /**
     * This entry once its revision has been reviewed and decided on. A reverted revision takes its kept plan edits
     * with it: they are marked rolled back with the rule's reason.
     */
    public WorklogEntry decided(ReviewScores after, Decision decision) {
        List<PlanEdit> edits = decision.keepsRevision() ? planEdits
                : planEdits.stream().map(edit -> edit.rolledBack(decision.reason())).toList();
        return new WorklogEntry(iteration, addressedWeaknesses, integratedAnswers, actionsTaken, scoresBefore, after,
                label(decision), decision.reason(), generatedBy, edits);
    }

    /** The decision field of worklog.json for a decision. */
    public static String label(Decision decision) {
        return switch (decision.kind()) {
            case KEPT, KEPT_AT_LIMIT -> KEPT;
            case REVERTED -> REVERTED;
            case REJECTED -> REJECTED;
        };
    }
}
