package dev.paperorchestra.content.revision;

/**
 * Decides how one point is answered, with the reason and the evidence quoted verbatim. Offline: {@link DecisionRules};
 * model mode: {@link ModelRevision}, whose decisions are checked the same way before they count.
 */
@FunctionalInterface
public interface PointDecider {

    PointDecision decide(ReviewPoint point);
}
