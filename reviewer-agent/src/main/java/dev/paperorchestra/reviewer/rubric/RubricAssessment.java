package dev.paperorchestra.reviewer.rubric;

import dev.paperorchestra.base.json.Json;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * One reviewer's scores on a rubric: for every criterion a score, the evidence it rests on (quoted spans, with the
 * page when the reviewer saw it) and the revision requests it leads to.
 *
 * @param rubricVersion the version of the rubric the scores mean
 * @param criteria      one entry per criterion of the rubric, in its order
 */
public record RubricAssessment(String rubricVersion, List<CriterionScore> criteria) {

    /**
     * @param evidence spans of the paper the score rests on
     * @param points   what the authors should change, for this criterion
     */
    public record CriterionScore(String criterion, int score, List<Evidence> evidence, List<Point> points) {

        public CriterionScore {
            evidence = List.copyOf(evidence);
            points = List.copyOf(points);
        }
    }

    /**
     * @param quote the span as the reviewer quoted it
     * @param page  the PDF page it is on, when the reviewer saw the pages
     * @param found whether the span is in the paper ({@link QuoteCheck})
     */
    public record Evidence(String quote, @Nullable Integer page, boolean found) {
    }

    /**
     * A revision request.
     *
     * @param request what to change
     * @param section where (a section title, table or figure)
     * @param quote   the span it is about, possibly empty
     */
    public record Point(String request, String section, String quote) {
    }

    public RubricAssessment {
        criteria = List.copyOf(criteria);
    }

    /** Scores by criterion id, in the rubric's order. */
    public Map<String, Integer> scores() {
        Map<String, Integer> scores = new LinkedHashMap<>();
        criteria.forEach(criterion -> scores.put(criterion.criterion(), criterion.score()));
        return scores;
    }

    public ObjectNode toJson() {
        ObjectNode json = Json.mapper().createObjectNode().put("version", rubricVersion);
        ObjectNode byCriterion = json.putObject("criteria");
        for (CriterionScore criterion : criteria) {
            ObjectNode node = byCriterion.putObject(criterion.criterion()).put("Score", criterion.score());
            ArrayNode evidence = node.putArray("Evidence");
            for (Evidence item : criterion.evidence()) {
                ObjectNode entry = evidence.addObject().put("Quote", item.quote());
                if (item.page() == null) {
                    entry.putNull("Page");
                } else {
                    entry.put("Page", item.page().intValue());
                }
                entry.put("Found", item.found());
            }
            ArrayNode points = node.putArray("Points");
            criterion.points().forEach(point -> points.addObject().put("Request", point.request())
                    .put("Section", point.section()).put("Quote", point.quote()));
        }
        return json;
    }

    /**
     * Reads the {@code Rubric} object of a model's answer: every criterion of the rubric scored within its scale,
     * with at least one piece of evidence; quotes are checked against the paper's LaTeX.
     *
     * @throws IllegalArgumentException naming the first missing or invalid field
     */
    public static RubricAssessment fromAnswer(@Nullable JsonNode answer, Rubric rubric, String tex) {
        if (answer == null || !answer.isObject()) {
            throw new IllegalArgumentException("field 'Rubric' is missing or not an object");
        }
        QuoteCheck quotes = new QuoteCheck(tex);
        List<CriterionScore> criteria = new ArrayList<>();
        for (Rubric.Criterion criterion : rubric.criteria()) {
            String where = "Rubric." + criterion.id();
            JsonNode node = answer.get(criterion.id());
            if (node == null || !node.isObject()) {
                throw new IllegalArgumentException("field '" + where + "' is missing");
            }
            JsonNode score = node.path("Score");
            if (!score.isIntegralNumber() || score.intValue() < rubric.min() || score.intValue() > rubric.max()) {
                throw new IllegalArgumentException("field '" + where + ".Score' must be an integer "
                        + rubric.min() + "-" + rubric.max());
            }
            List<Evidence> evidence = new ArrayList<>();
            for (JsonNode item : array(node, where, "Evidence")) {
                String quote = string(item, where + ".Evidence", "Quote");
                JsonNode page = item.path("Page");
                Integer pageNumber = page.isIntegralNumber() && page.intValue() >= 1 ? page.intValue() : null;
                evidence.add(new Evidence(quote, pageNumber, quotes.found(quote)));
            }
            if (evidence.isEmpty()) {
                throw new IllegalArgumentException("field '" + where + ".Evidence' must quote at least one span");
            }
            List<Point> points = new ArrayList<>();
            for (JsonNode item : array(node, where, "Points")) {
                points.add(new Point(string(item, where + ".Points", "Request"),
                        item.path("Section").asString(""), item.path("Quote").asString("")));
            }
            criteria.add(new CriterionScore(criterion.id(), score.intValue(), evidence, points));
        }
        return new RubricAssessment(rubric.version(), criteria);
    }

    /**
     * Reads an assessment back from its saved form ({@link #toJson()}): the quote checks stay as they were made
     * against the paper, they are not redone.
     *
     * @throws IllegalArgumentException when the JSON is not a saved assessment
     */
    public static RubricAssessment fromSaved(@Nullable JsonNode json) {
        if (json == null || !json.path("version").isString() || !json.path("criteria").isObject()) {
            throw new IllegalArgumentException("not a saved rubric assessment: no 'version' or 'criteria'");
        }
        List<CriterionScore> criteria = new ArrayList<>();
        for (Map.Entry<String, JsonNode> entry : json.path("criteria").properties()) {
            JsonNode node = entry.getValue();
            List<Evidence> evidence = new ArrayList<>();
            for (JsonNode item : node.path("Evidence").values()) {
                JsonNode page = item.path("Page");
                evidence.add(new Evidence(item.path("Quote").asString(""),
                        page.isIntegralNumber() ? page.intValue() : null, item.path("Found").asBoolean(false)));
            }
            List<Point> points = new ArrayList<>();
            for (JsonNode item : node.path("Points").values()) {
                points.add(new Point(item.path("Request").asString(""), item.path("Section").asString(""),
                        item.path("Quote").asString("")));
            }
            criteria.add(new CriterionScore(entry.getKey(), node.path("Score").asInt(), evidence, points));
        }
        return new RubricAssessment(json.path("version").asString(), criteria);
    }

    private static Iterable<JsonNode> array(JsonNode node, String where, String field) {
        JsonNode value = node.path(field);
        if (value.isMissingNode() || value.isNull()) {
            return List.of();
        }
        if (!value.isArray()) {
            throw new IllegalArgumentException("field '" + where + "." + field + "' must be a list");
        }
        return value.values();
    }

    private static String string(JsonNode item, String where, String field) {
        JsonNode value = item.path(field);
        if (!value.isString() || value.asString().isBlank()) {
            throw new IllegalArgumentException("field '" + where + "." + field + "' must be a non-empty string");
        }
        return value.asString();
    }
}
