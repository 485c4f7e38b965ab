package dev.paperorchestra.reviewer.review;

import dev.paperorchestra.reviewer.panel.ReviewerFocus;
import dev.paperorchestra.reviewer.rubric.Rubric;
import dev.paperorchestra.reviewer.rubric.RubricPrompt;
import dev.paperorchestra.base.json.Json;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * System prompts and answer schemas of the model reviewer, one pair per format, each extended with the rubric
 * every model review also scores and the member's focus.
 */
final class ReviewPrompts {

    private static final String COMMON = """
            You are a reviewer for a peer-reviewed machine-learning venue. You receive one submission: its LaTeX \
            source, whether and how it compiled, and, when available, images of its compiled pages. Judge the \
            submission as written: its claims, whether the reported evidence supports them, its clarity and its \
            place in the literature it cites. Be specific: every weakness and question must point at a section, \
            table, figure or claim of this paper. Score strictly; typical first submissions are below the \
            acceptance bar. Do not reward statements that merely admit limitations or promise future experiments. \
            Do not guess the authors. Answer only with the JSON object the schema describes.
            """;

    static final String CONFERENCE_SYSTEM = COMMON + """

            Fields: Summary (what the paper claims and does), Strengths, Weaknesses, Questions (to the authors), \
            Limitations (what the paper leaves unaddressed), "Ethical Concerns" (true or false). \
            Originality, Quality, Clarity, Significance: 1 low, 2 medium, 3 high, 4 very high. \
            Soundness, Presentation, Contribution: 1 poor, 2 fair, 3 good, 4 excellent. \
            Overall: 1 very strong reject, 2 strong reject, 3 reject, 4 borderline reject, 5 borderline accept, \
            6 weak accept, 7 accept, 8 strong accept, 9 very strong accept, 10 award quality. \
            Confidence: 1 educated guess, 2 willing to defend, 3 fairly confident, 4 confident, 5 absolutely \
            certain. Decision: Accept when Overall is 5 or more, otherwise Reject.
            """;

    static final String AGENT_REVIEW_SYSTEM = COMMON + """

            Rate on these anchored 1-10 levels, for Overall and for each of Novelty, Soundness, Clarity and \
            Significance: 1-2 fundamentally flawed or empty; 3-4 clear problems that block acceptance; \
            5 below the bar, fixable problems; 6 just above the bar, modest but sound; 7 solid, clearly \
            above the bar; 8 strong, well supported throughout; 9 excellent, among the best at the venue; \
            10 exceptional, field-changing. Most first submissions score 5 or below; scores of 8 or more need \
            evidence you can point to. Confidence 1-5 (1 guess, 5 certain). Decision: Accept when Overall is 6 \
            or more, otherwise Reject.
            """;

    /** Conference Overall from which the decision is Accept: 5 is "borderline accept". */
    static final int CONFERENCE_ACCEPT_FROM = 5;
    /** Agent-review Overall from which the decision is Accept: 6 is "just above the bar". */
    static final int AGENT_REVIEW_ACCEPT_FROM = 6;

    private static final String STRINGS = "{\"type\":\"array\",\"items\":{\"type\":\"string\"}}";

    static final String CONFERENCE_SCHEMA = """
            {"type":"object","additionalProperties":false,
             "required":["Summary","Strengths","Weaknesses","Questions","Limitations","Ethical Concerns",
              "Originality","Quality","Clarity","Significance","Soundness","Presentation","Contribution",
              "Overall","Confidence","Decision"],
             "properties":{"Summary":{"type":"string"},"Strengths":%1$s,"Weaknesses":%1$s,"Questions":%1$s,
              "Limitations":%1$s,"Ethical Concerns":{"type":"boolean"},
              "Originality":%2$s,"Quality":%2$s,"Clarity":%2$s,"Significance":%2$s,
              "Soundness":%2$s,"Presentation":%2$s,"Contribution":%2$s,
              "Overall":{"type":"integer","minimum":1,"maximum":10},
              "Confidence":{"type":"integer","minimum":1,"maximum":5},
              "Decision":{"type":"string","enum":["Accept","Reject"]}},
             %3$s}"""
            .formatted(STRINGS, "{\"type\":\"integer\",\"minimum\":1,\"maximum\":4}",
                    decisionFollowsOverall(CONFERENCE_ACCEPT_FROM));

    static final String AGENT_REVIEW_SCHEMA = """
            {"type":"object","additionalProperties":false,
             "required":["Summary","Strengths","Weaknesses","Questions","Novelty","Soundness","Clarity",
              "Significance","Overall","Confidence","Decision"],
             "properties":{"Summary":{"type":"string"},"Strengths":%1$s,"Weaknesses":%1$s,"Questions":%1$s,
              "Novelty":%2$s,"Soundness":%2$s,"Clarity":%2$s,"Significance":%2$s,"Overall":%2$s,
              "Confidence":{"type":"integer","minimum":1,"maximum":5},
              "Decision":{"type":"string","enum":["Accept","Reject"]}},
             %3$s}"""
            .formatted(STRINGS, "{\"type\":\"integer\",\"minimum\":1,\"maximum\":10}",
                    decisionFollowsOverall(AGENT_REVIEW_ACCEPT_FROM));

    private ReviewPrompts() {
    }

    /**
     * The decision agrees with the overall score: an answer that accepts with a rejecting score (or the reverse)
     * violates the schema, so the gateway sends it back as a schema repair instead of the loop reading a
     * contradiction. Providers that do not take {@code if}/{@code then} in their schema dialect never see it; the
     * gateway validates every answer against the full schema.
     */
    private static String decisionFollowsOverall(int acceptFrom) {
        return """
                "if":{"properties":{"Overall":{"minimum":%d}}},                "then":{"properties":{"Decision":{"const":"Accept","description":"Overall %d or more accepts"}}},                "else":{"properties":{"Decision":{"const":"Reject","description":"Overall below %d rejects"}}}"""
                .formatted(acceptFrom, acceptFrom, acceptFrom);
    }

    static String system(ReviewFormat format) {
        return format == ReviewFormat.CONFERENCE ? CONFERENCE_SYSTEM : AGENT_REVIEW_SYSTEM;
    }

    static String schema(ReviewFormat format) {
        return format == ReviewFormat.CONFERENCE ? CONFERENCE_SCHEMA : AGENT_REVIEW_SCHEMA;
    }

    /** The format's prompt, the rubric's criteria and anchors, then the member's focus. */
    static String system(ReviewFormat format, Rubric rubric, ReviewerFocus focus) {
        String text = system(format) + "\n" + RubricPrompt.instructions(rubric);
        return focus.brief().isEmpty() ? text : text + "\n" + focus.brief() + " Score every criterion all the same.\n";
    }

    /** The format's schema with the rubric's scores as one more required field. */
    static String schema(ReviewFormat format, Rubric rubric) {
        ObjectNode schema = (ObjectNode) Json.mapper().readTree(schema(format));
        ((ObjectNode) schema.get("properties")).set(RubricPrompt.FIELD, RubricPrompt.schema(rubric));
        ((ArrayNode) schema.get("required")).add(RubricPrompt.FIELD);
        // compact, as the format schemas are written: the schema travels in every request and in the prompt
        return schema.toString();
    }
}
