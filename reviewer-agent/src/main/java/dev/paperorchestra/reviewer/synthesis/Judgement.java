package dev.paperorchestra.reviewer.synthesis;

import dev.paperorchestra.reviewer.rubric.RubricAssessment;

/**
 * One panel member's verdict as the synthesis reads it.
 *
 * @param reviewer the member's name in the panel (distinct within a panel)
 * @param rubric   its rubric scores, evidence and points
 * @param overall  its overall score in the review format
 * @param decision its Accept/Reject decision
 */
public record Judgement(String reviewer, RubricAssessment rubric, double overall, String decision) {
}
