package dev.paperorchestra.bench.autorate;

import dev.paperorchestra.base.json.Json;
import dev.paperorchestra.gateway.LlmGateway;
import dev.paperorchestra.gateway.LlmRequest;
import dev.paperorchestra.gateway.LlmRole;
import dev.paperorchestra.gateway.Prompt;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Literature-review quality (SPEC.md section 5): the model scores introduction + related work 0-100 on six
 * axes and reports what it saw (descriptive review, unsupported novelty, sparse citations, penalties, a
 * bonus); the weights, caps, penalties and bonus rules are applied here, in code, so the figure cannot be
 * inflated by the judge's own overall.
 */
public final class LiteratureQualityRater {

    /** The six axes and their weights. */
    public static final Map<String, Double> WEIGHTS = weights();

    static final String SCHEMA = """
            {"type":"object","additionalProperties":false,
             "required":["axes","mostly_descriptive","novelty_unsupported","sparse_citations","penalties","bonus"],
             "properties":{
              "axes":{"type":"object","additionalProperties":false,
                "required":["coverage","relevance","critical_analysis","positioning","organization","citation_rigor"],
                "properties":{%s}},
              "mostly_descriptive":{"type":"boolean"},
              "novelty_unsupported":{"type":"boolean"},
              "sparse_citations":{"type":"boolean"},
              "penalties":{"type":"array","items":{"type":"object","additionalProperties":false,
                "required":["reason","points"],
                "properties":{"reason":{"type":"string"},"points":{"type":"integer","minimum":5,"maximum":15}}}},
              "bonus":{"type":"integer","minimum":0,"maximum":7}}}""".formatted(String.join(",",
            WEIGHTS.keySet().stream().map(axis -> "\"" + axis + "\":{\"type\":\"object\",\"additionalProperties\":false,"
                    + "\"required\":[\"score\",\"justification\"],\"properties\":{\"score\":{\"type\":\"integer\","
                    + "\"minimum\":0,\"maximum\":100},\"justification\":{\"type\":\"string\"}}}").toList()));
    private static final String SYSTEM = """
            You judge the introduction and related-work sections of a research paper draft. Score each axis 0-100:
            coverage (completeness of the relevant literature), relevance (focus), critical_analysis (synthesis,
            not description), positioning (how the novelty is placed against prior work), organization (structure
            and writing), citation_rigor (citation practice). Be strict: most reviews score 45-70; above 85 only
            with strong evidence. Flag a mostly descriptive review, novelty claims without support, and sparse
            citations. List penalties of 5-15 points for concrete problems. A bonus of 3-7 only for a review citing
            far more than usual and synthesising it well. Justify every axis in one or two sentences.""";

    private final LlmGateway gateway;

    public LiteratureQualityRater(LlmGateway gateway) {
        this.gateway = gateway;
    }

    /**
     * @param citations          citations the rated review makes
     * @param referenceCitations citations of the venue's reference (the human paper)
     */
    public ObjectNode rate(String paperId, String review, int citations, int referenceCitations) {
        // the review leads, the per-call counts come last
        Prompt user = Prompt.builder().document(review).task("The venue's reference paper cites "
                + referenceCitations + " works; this review cites " + citations + ".").build();
        JsonNode answer = Json.mapper().readTree(gateway.call(new LlmRequest(paperId, "bench", LlmRole.REVIEWER,
                SYSTEM, user, SCHEMA, List.of(), 0.0)).text());
        return applyRules(answer, citations, referenceCitations);
    }

    /** The spec's caps, penalties and bonus over the model's answer; the answer is kept beside the result. */
    static ObjectNode applyRules(JsonNode answer, int citations, int referenceCitations) {
        Map<String, Double> scores = new LinkedHashMap<>();
        WEIGHTS.keySet().forEach(axis -> scores.put(axis, answer.path("axes").path(axis).path("score").asDouble()));
        ObjectNode out = Json.mapper().createObjectNode();
        ArrayNode caps = out.putArray("capsApplied");
        if (answer.path("mostly_descriptive").asBoolean()) {
            cap(scores, "critical_analysis", 60, "mostly descriptive review", caps);
        }
        if (answer.path("novelty_unsupported").asBoolean()) {
            cap(scores, "positioning", 60, "unsupported novelty", caps);
        }
        if (answer.path("sparse_citations").asBoolean()) {
            cap(scores, "citation_rigor", 60, "sparse citations", caps);
        }
        if (referenceCitations > 0 && citations * 2 < referenceCitations) {
            cap(scores, "coverage", 55, "fewer than half the reference's citations", caps);
        }
        double weighted = WEIGHTS.entrySet().stream().mapToDouble(e -> e.getValue() * scores.get(e.getKey())).sum();
        int penalties = 0;
        for (JsonNode penalty : answer.path("penalties")) {
            penalties += Math.max(5, Math.min(15, penalty.path("points").asInt()));
        }
        int bonus = 0;
        if (referenceCitations > 0 && citations * 2 > referenceCitations * 3) {
            int offered = answer.path("bonus").asInt();
            bonus = offered >= 3 ? Math.min(7, offered) : 0;
        }
        double overall = weighted - penalties + bonus;
        if (scores.values().stream().anyMatch(score -> score < 50) && overall > 75) {
            overall = 75;
            caps.add("overall 75: an axis below 50");
        }
        if (scores.values().stream().anyMatch(score -> score < 85) && overall > 85) {
            overall = 85;
            caps.add("overall 85: not every axis shows strong evidence (85+)");
        }
        overall = Math.max(0, Math.min(100, overall));
        ObjectNode axes = out.putObject("axes");
        scores.forEach(axes::put);
        out.put("weighted", round(weighted)).put("penalties", penalties).put("bonus", bonus).put("overall", round(overall));
        out.set("modelAnswer", answer);
        return out;
    }

    private static void cap(Map<String, Double> scores, String axis, double limit, String why,
            ArrayNode caps) {
        if (scores.get(axis) > limit) {
            scores.put(axis, limit);
            caps.add(axis + " " + (int) limit + ": " + why);
        }
    }

    private static double round(double value) {
        return Math.round(value * 100) / 100.0;
    }

    private static Map<String, Double> weights() {
        Map<String, Double> weights = new LinkedHashMap<>();
        weights.put("coverage", 0.20);
        weights.put("relevance", 0.15);
        weights.put("critical_analysis", 0.25);
        weights.put("positioning", 0.25);
        weights.put("organization", 0.10);
        weights.put("citation_rigor", 0.05);
        return Collections.unmodifiableMap(weights);
    }
}
