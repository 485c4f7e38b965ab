package dev.paperorchestra.refine.loop;

import java.util.List;

/**
 * A reviser's answer: the full LaTeX (with its preamble) and what it changed, for worklog.json.
 *
 * @param tex                 the revised paper
 * @param addressedWeaknesses reviewer weaknesses answered
 * @param integratedAnswers   reviewer questions answered inside the paper
 * @param actionsTaken        what was done
 * @param generatedBy         the offline label or provider/model
 * @param planEdits           what became of each meta-review point, when the revision followed a panel's plan
 */
public record Revision(String tex, List<String> addressedWeaknesses, List<String> integratedAnswers,
        List<String> actionsTaken, String generatedBy, List<PlanEdit> planEdits) {

    public Revision {
        addressedWeaknesses = List.copyOf(addressedWeaknesses);
        integratedAnswers = List.copyOf(integratedAnswers);
        actionsTaken = List.copyOf(actionsTaken);
        planEdits = List.copyOf(planEdits);
    }

    /** A whole-paper revision, not traced to a meta-review plan. */
    public Revision(String tex, List<String> addressedWeaknesses, List<String> integratedAnswers,
            List<String> actionsTaken, String generatedBy) {
        this(tex, addressedWeaknesses, integratedAnswers, actionsTaken, generatedBy, List.of());
    }

    /**
     * The evidence lock's refusals when every point's edit was refused and none kept: such a revision changed
     * nothing the lock allowed, and the loop rejects it like a failed check. Empty otherwise.
     */
    public List<String> refusedByTheLock() {
        if (planEdits.isEmpty() || planEdits.stream().anyMatch(edit -> edit.outcome().equals(PlanEdit.KEPT))) {
            return List.of();
        }
        return planEdits.stream().filter(edit -> edit.outcome().equals(PlanEdit.REJECTED))
                .flatMap(edit -> edit.reasons().stream().map(reason -> edit.point() + ": " + reason)).toList();
    }
}
