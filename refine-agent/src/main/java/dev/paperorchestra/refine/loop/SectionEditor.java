package dev.paperorchestra.refine.loop;

import dev.paperorchestra.gateway.Prompt;
import java.util.List;

/**
 * Proposes the edits of one section for one meta-review point (the model, or a script in tests). What it
 * proposes is not trusted: {@link PlanReviser} passes every change through content.revision's evidence lock and
 * fabrication audit before it touches the paper.
 */
public interface SectionEditor {

    /**
     * One section to edit for one point.
     *
     * @param paperId         the paper (logs and accounting only)
     * @param point           the plan point
     * @param disagreements   what the panel is split on, so a split criterion is not treated as settled
     * @param section         the title of the section the point was located in
     * @param sectionBody     that section's LaTeX as it stands (earlier points' edits applied)
     * @param citationKeys    the keys a change may cite, described
     * @param materials       the idea and the log, the only sources of numbers and results
     */
    record Request(String paperId, RevisionPlan.Point point, List<RevisionPlan.Split> disagreements, String section,
            String sectionBody, String citationKeys, Prompt.Materials materials) {
    }

    /**
     * A proposed change.
     *
     * @param section the section it changes (the lock refuses any other than the point's)
     * @param before  the passage replaced, verbatim; "" to add at the section's end
     * @param after   the new passage
     */
    record Change(String section, String before, String after) {
    }

    /** The changes, possibly none; and who made them (offline label or provider/model). */
    record Proposal(List<Change> changes, String generatedBy) {

        public Proposal {
            changes = List.copyOf(changes);
        }
    }

    Proposal propose(Request request);
}
