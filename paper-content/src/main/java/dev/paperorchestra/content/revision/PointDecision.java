package dev.paperorchestra.content.revision;

import java.util.List;

/**
 * The decision on one point, with why and on what evidence.
 *
 * @param pointId  the point
 * @param decision how it is answered
 * @param reason   one sentence for people: why this decision
 * @param evidence the passages it rests on, verbatim; empty for a request nothing in the materials answers
 */
public record PointDecision(String pointId, DecisionKind decision, String reason, List<Evidence> evidence) {

    public PointDecision {
        evidence = List.copyOf(evidence);
    }
}
