package dev.paperorchestra.content.revision;

import java.util.List;

/**
 * A point with how it was finally answered.
 *
 * @param point    the point
 * @param planned  the decision before any edit was tried
 * @param answered the decision the response gives: the planned one when an edit was kept (or none was needed),
 *                 else a rebuttal saying why the change was not made
 * @param edits    the point's edits and what became of them
 */
public record PointAnswer(ReviewPoint point, PointDecision planned, PointDecision answered,
        List<EditDecision> edits) {

    public PointAnswer {
        edits = List.copyOf(edits);
    }

    public List<EditDecision> kept() {
        return edits.stream().filter(edit -> edit.outcome() == EditDecision.Outcome.KEPT).toList();
    }
}
