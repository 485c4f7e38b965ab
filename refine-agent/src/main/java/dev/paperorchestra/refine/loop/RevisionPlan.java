package dev.paperorchestra.refine.loop;

import dev.paperorchestra.base.json.Json;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;

/**
 * The reviewer panel's meta-review as the refine agent reads it from the saved review ("MetaReview": the ranked
 * "Plan" and the "Disagreements"). A review without one (a single reviewer, the offline rubric) has no plan, and
 * the loop revises the whole paper from the review as before.
 *
 * @param points        the plan, first the point to address first
 * @param disagreements criteria the panel is split on, kept visible to the reviser
 */
public record RevisionPlan(List<Point> points, List<Split> disagreements) {

    /**
     * One ranked point of the plan.
     *
     * @param rank      from 1
     * @param criterion the rubric criterion it is filed under
     * @param request   the request as first raised
     * @param raisedBy  the reviewers who raised it
     * @param sections  where the reviewers said it applies
     * @param quotes    the spans of the paper it is about
     * @param requests  every reviewer's wording
     */
    public record Point(int rank, String criterion, String request, List<String> raisedBy, List<String> sections,
            List<String> quotes, List<String> requests) {

        public Point {
            raisedBy = List.copyOf(raisedBy);
            sections = List.copyOf(sections);
            quotes = List.copyOf(quotes);
            requests = List.copyOf(requests);
        }

        /** Its id in the worklog and the evidence lock, e.g. "plan-1". */
        public String id() {
            return "plan-" + rank;
        }
    }

    /**
     * @param criterion the split criterion
     * @param spread    highest minus lowest member score
     * @param scores    every member's score
     */
    public record Split(String criterion, int spread, Map<String, Integer> scores) {

        public Split {
            scores = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(scores));
        }
    }

    public RevisionPlan {
        points = List.copyOf(points);
        disagreements = List.copyOf(disagreements);
    }

    /** The plan in a saved review, empty when the review has no meta-review with at least one point. */
    public static Optional<RevisionPlan> of(String reviewJson) {
        JsonNode review;
        try {
            review = Json.mapper().readTree(reviewJson);
        } catch (JacksonException e) {
            return Optional.empty();
        }
        JsonNode meta = review.path("MetaReview");
        if (!meta.path("Plan").isArray() || meta.path("Plan").isEmpty()) {
            return Optional.empty();
        }
        List<Point> points = new ArrayList<>();
        for (JsonNode point : meta.path("Plan")) {
            String request = point.path("Request").asString("").strip();
            if (request.isEmpty()) {
                continue;
            }
            points.add(new Point(point.path("Rank").asInt(points.size() + 1), point.path("Criterion").asString(""),
                    request, strings(point.path("RaisedBy")), strings(point.path("Sections")),
                    strings(point.path("Quotes")), strings(point.path("Requests"))));
        }
        List<Split> splits = new ArrayList<>();
        for (JsonNode split : meta.path("Disagreements")) {
            Map<String, Integer> scores = new LinkedHashMap<>();
            split.path("Scores").forEachEntry((reviewer, score) -> scores.put(reviewer, score.asInt()));
            splits.add(new Split(split.path("Criterion").asString(""), split.path("Spread").asInt(), scores));
        }
        return points.isEmpty() ? Optional.empty() : Optional.of(new RevisionPlan(points, splits));
    }

    private static List<String> strings(JsonNode array) {
        List<String> values = new ArrayList<>();
        if (array.isArray()) {
            array.forEach(item -> {
                if (item.isString() && !item.asString().isBlank()) {
                    values.add(item.asString());
                }
            });
        }
        return values;
    }
}
