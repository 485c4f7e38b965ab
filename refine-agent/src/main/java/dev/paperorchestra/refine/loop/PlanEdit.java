package dev.paperorchestra.refine.loop;

import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * What became of one meta-review point in a revision (an entry of worklog.json's "plan_edits"): the section it was
 * located in and whether its edit was kept, rejected by the evidence lock, rolled back, or never made. This is
 * the trace from an edited section back to the point, and to the reviewers who raised it.
 *
 * @param point     the plan point id ("plan-1")
 * @param rank      its rank in the meta-review
 * @param criterion its rubric criterion
 * @param raisedBy  the reviewers who raised it
 * @param request   the request
 * @param section   the section it was located in and edited, null when none could be located
 * @param outcome   {@value #KEPT}, {@value #REJECTED}, {@value #ROLLED_BACK} or {@value #NO_EDIT}
 * @param reasons   why it was rejected, rolled back or not edited; empty when kept
 */
public record PlanEdit(String point, int rank, String criterion, List<String> raisedBy, String request,
        @Nullable String section, String outcome, List<String> reasons) {

    public static final String KEPT = "kept";
    /** Refused by the evidence lock or the fabrication audit; the paper never had it. */
    public static final String REJECTED = "rejected";
    /** Applied, then undone: the edit scored worse, or the panel scored the revision lower. */
    public static final String ROLLED_BACK = "rolled-back";
    /** No section located, or the reviser proposed no edit for it. */
    public static final String NO_EDIT = "no-edit";

    public PlanEdit {
        raisedBy = List.copyOf(raisedBy);
        reasons = List.copyOf(reasons);
    }

    /** This point's edit undone because the whole revision was. */
    PlanEdit rolledBack(String why) {
        return outcome.equals(KEPT) ? new PlanEdit(point, rank, criterion, raisedBy, request, section, ROLLED_BACK,
                List.of(why)) : this;
    }
}
