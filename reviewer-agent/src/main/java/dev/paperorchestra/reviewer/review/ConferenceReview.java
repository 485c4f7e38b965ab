package dev.paperorchestra.reviewer.review;

import dev.paperorchestra.base.json.Json;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * A conference-style review (the AI Scientist-v2 format of SPEC.md section 3) plus who generated it.
 *
 * @param generatedBy {@code ModelMode.OFFLINE_LABEL} for the offline rubric, else provider/model
 */
public record ConferenceReview(
        String summary,
        List<String> strengths,
        List<String> weaknesses,
        List<String> questions,
        List<String> limitations,
        boolean ethicalConcerns,
        int originality,
        int quality,
        int clarity,
        int significance,
        int soundness,
        int presentation,
        int contribution,
        int overall,
        int confidence,
        String decision,
        String generatedBy) implements Review.Single {

    public static final String ACCEPT = "Accept";
    public static final String REJECT = "Reject";

    /** The seven 1-4 axes, in the order of the format; the acceptance rule sums their changes. */
    public static final List<String> SUB_AXES = List.of(
            "Originality", "Quality", "Clarity", "Significance", "Soundness", "Presentation", "Contribution");

    public ConferenceReview {
        strengths = List.copyOf(strengths);
        weaknesses = List.copyOf(weaknesses);
        questions = List.copyOf(questions);
        limitations = List.copyOf(limitations);
        // the compact constructor sees the parameters, not yet the fields, so the axes are listed here
        Review.Single.checkScores(SUB_AXES, new int[] {originality, quality, clarity, significance, soundness,
                presentation, contribution}, 4, overall, confidence, decision);
    }

    /** The seven sub-axis scores by name, in the order of {@link #SUB_AXES}. */
    public Map<String, Integer> subScores() {
        Map<String, Integer> scores = new LinkedHashMap<>();
        scores.put("Originality", originality);
        scores.put("Quality", quality);
        scores.put("Clarity", clarity);
        scores.put("Significance", significance);
        scores.put("Soundness", soundness);
        scores.put("Presentation", presentation);
        scores.put("Contribution", contribution);
        return scores;
    }

    @Override
    public ObjectNode toJson() {
        ObjectNode json = Json.mapper().createObjectNode();
        json.put("Summary", summary);
        strings(json.putArray("Strengths"), strengths);
        strings(json.putArray("Weaknesses"), weaknesses);
        strings(json.putArray("Questions"), questions);
        strings(json.putArray("Limitations"), limitations);
        json.put("Ethical Concerns", ethicalConcerns);
        putScores(json);
        return json;
    }

    public String toJsonText() {
        return Json.mapper().writeValueAsString(toJson());
    }

    /**
     * Reads a review answered in this format (by a model); {@code generatedBy} is set by the caller, never
     * taken from the answer.
     *
     * @throws IllegalArgumentException naming the first missing or invalid field
     */
    public static ConferenceReview fromJson(JsonNode json, String generatedBy) {
        return new ConferenceReview(
                text(json, "Summary"),
                list(json, "Strengths"),
                list(json, "Weaknesses"),
                list(json, "Questions"),
                list(json, "Limitations"),
                bool(json, "Ethical Concerns"),
                integer(json, "Originality"),
                integer(json, "Quality"),
                integer(json, "Clarity"),
                integer(json, "Significance"),
                integer(json, "Soundness"),
                integer(json, "Presentation"),
                integer(json, "Contribution"),
                integer(json, "Overall"),
                integer(json, "Confidence"),
                text(json, "Decision"),
                generatedBy);
    }

    private static void strings(ArrayNode array, List<String> values) {
        values.forEach(array::add);
    }

    static void requireRange(String field, int value, int min, int max) {
        if (value < min || value > max) {
            throw new IllegalArgumentException(field + " must be " + min + "-" + max + ", was " + value);
        }
    }

    static JsonNode field(JsonNode json, String name) {
        JsonNode value = json.get(name);
        if (value == null || value.isNull()) {
            throw new IllegalArgumentException("field '" + name + "' is missing");
        }
        return value;
    }

    static String text(JsonNode json, String name) {
        JsonNode value = field(json, name);
        if (!value.isString()) {
            throw new IllegalArgumentException("field '" + name + "' must be a string");
        }
        return value.stringValue();
    }

    private static boolean bool(JsonNode json, String name) {
        JsonNode value = field(json, name);
        if (!value.isBoolean()) {
            throw new IllegalArgumentException("field '" + name + "' must be true or false");
        }
        return value.booleanValue();
    }

    static int integer(JsonNode json, String name) {
        JsonNode value = field(json, name);
        if (!value.isIntegralNumber()) {
            throw new IllegalArgumentException("field '" + name + "' must be an integer");
        }
        return value.intValue();
    }

    static List<String> list(JsonNode json, String name) {
        JsonNode value = field(json, name);
        if (!value.isArray()) {
            throw new IllegalArgumentException("field '" + name + "' must be a list of strings");
        }
        List<String> items = new ArrayList<>();
        for (JsonNode item : value) {
            if (!item.isString()) {
                throw new IllegalArgumentException("field '" + name + "' must be a list of strings");
            }
            items.add(item.stringValue());
        }
        return items;
    }
}
