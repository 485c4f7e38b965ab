package dev.paperorchestra.content.revision;

import java.util.List;

/**
 * Everything one revision decided and produced, before compiling.
 *
 * @param points       the review points
 * @param answers      one per point, in order
 * @param tex          the revised paper
 * @param bibliography the revised references.bib (verified entries the edits cite appended)
 */
public record RevisionResult(List<ReviewPoint> points, List<PointAnswer> answers, String tex, String bibliography) {

    public RevisionResult {
        points = List.copyOf(points);
        answers = List.copyOf(answers);
    }

    public List<EditDecision> edits() {
        return answers.stream().flatMap(answer -> answer.edits().stream()).toList();
    }

    public long count(EditDecision.Outcome outcome) {
        return edits().stream().filter(edit -> edit.outcome() == outcome).count();
    }
}
