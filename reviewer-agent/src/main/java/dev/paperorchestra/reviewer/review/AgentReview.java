package dev.paperorchestra.reviewer.review;

import dev.paperorchestra.base.json.Json;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * An AgentReview-style review (SPEC.md section 3): an overall rating 1-10 on anchored levels, where most first
 * submissions land at 5 or below, and four sub-axes on the same anchored 1-10 scale.
 */
public record AgentReview(
        String summary,
        List<String> strengths,
        List<String> weaknesses,
        List<String> questions,
        int novelty,
        int soundness,
        int clarity,
        int significance,
        int overall,
        int confidence,
        String decision,
        String generatedBy) implements Review.Single {

    /** The four 1-10 sub-axes, in the order of the format; the acceptance rule sums their changes. */
    public static final List<String> SUB_AXES = List.of("Novelty", "Soundness", "Clarity", "Significance");

    public AgentReview {
        strengths = List.copyOf(strengths);
        weaknesses = List.copyOf(weaknesses);
        questions = List.copyOf(questions);
        Review.Single.checkScores(SUB_AXES, new int[] {novelty, soundness, clarity, significance}, 10, overall,
                confidence, decision);
    }

    public Map<String, Integer> subScores() {
        Map<String, Integer> scores = new LinkedHashMap<>();
        scores.put("Novelty", novelty);
        scores.put("Soundness", soundness);
        scores.put("Clarity", clarity);
        scores.put("Significance", significance);
        return scores;
    }

    @Override
    public ObjectNode toJson() {
        ObjectNode json = Json.mapper().createObjectNode();
        json.put("Summary", summary);
        strengths.forEach(json.putArray("Strengths")::add);
        weaknesses.forEach(json.putArray("Weaknesses")::add);
        questions.forEach(json.putArray("Questions")::add);
        putScores(json);
        return json;
    }

    /**
     * Reads a review answered in this format; {@code generatedBy} is set by the caller.
     *
     * @throws IllegalArgumentException naming the first missing or invalid field
     */
    public static AgentReview fromJson(JsonNode json, String generatedBy) {
        return new AgentReview(
                ConferenceReview.text(json, "Summary"),
                ConferenceReview.list(json, "Strengths"),
                ConferenceReview.list(json, "Weaknesses"),
                ConferenceReview.list(json, "Questions"),
                ConferenceReview.integer(json, "Novelty"),
                ConferenceReview.integer(json, "Soundness"),
                ConferenceReview.integer(json, "Clarity"),
                ConferenceReview.integer(json, "Significance"),
                ConferenceReview.integer(json, "Overall"),
                ConferenceReview.integer(json, "Confidence"),
                ConferenceReview.text(json, "Decision"),
                generatedBy);
    }
}
