package dev.paperorchestra.reviewer.synthesis;

import dev.paperorchestra.reviewer.rubric.Rubric;
import dev.paperorchestra.reviewer.rubric.RubricAssessment;
import dev.paperorchestra.reviewer.rubric.RubricAssessment.CriterionScore;
import dev.paperorchestra.reviewer.rubric.RubricAssessment.Evidence;
import dev.paperorchestra.reviewer.rubric.RubricAssessment.Point;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Builds members' judgements on rubric v1 for the synthesis tests. */
final class Judgements {

    static final Rubric RUBRIC = Rubric.load("v1");

    private final String reviewer;
    private final Map<String, Integer> scores = new LinkedHashMap<>();
    private final Map<String, List<Point>> points = new LinkedHashMap<>();
    private String decision = "Reject";

    private Judgements(String reviewer, int score) {
        this.reviewer = reviewer;
        RUBRIC.ids().forEach(id -> scores.put(id, score));
    }

    static Judgements of(String reviewer, int score) {
        return new Judgements(reviewer, score);
    }

    Judgements score(String criterion, int score) {
        scores.put(criterion, score);
        return this;
    }

    Judgements point(String criterion, String request, String section, String quote) {
        points.computeIfAbsent(criterion, c -> new ArrayList<>()).add(new Point(request, section, quote));
        return this;
    }

    Judgements decision(String value) {
        decision = value;
        return this;
    }

    Judgement build() {
        List<CriterionScore> criteria = new ArrayList<>();
        scores.forEach((criterion, score) -> criteria.add(new CriterionScore(criterion, score,
                List.of(new Evidence("a quoted span of three", 1, true)), points.getOrDefault(criterion, List.of()))));
        return new Judgement(reviewer, new RubricAssessment("v1", criteria), 5, decision);
    }
}
