package dev.paperorchestra.reviewer;

import dev.paperorchestra.base.errors.RetriableException;
import dev.paperorchestra.base.json.Json;
import dev.paperorchestra.gateway.LlmGateway;
import dev.paperorchestra.gateway.LlmRequest;
import dev.paperorchestra.gateway.LlmResponse;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import tools.jackson.databind.node.ObjectNode;

/**
 * A gateway that answers reviewer calls with recorded answers, in order, and remembers every request. An answer
 * {@link #FAIL} fails the call as a provider outage past the gateway's retries would.
 */
public final class ScriptedReviewerGateway implements LlmGateway {

    /** Recorded in place of an answer: the call fails retriably. */
    public static final String FAIL = "<provider down>";

    /** The rubric criteria of rubric/v1.json, in order. */
    public static final List<String> CRITERIA = List.of("soundness", "evidence", "novelty-framing", "clarity",
            "related-work", "presentation");

    private final Deque<String> answers;
    private final List<LlmRequest> requests = new CopyOnWriteArrayList<>();
    private final String model;

    public ScriptedReviewerGateway(List<String> answers) {
        this(answers, "reviewer-1");
    }

    public ScriptedReviewerGateway(List<String> answers, String model) {
        this.answers = new ArrayDeque<>(answers);
        this.model = model;
    }

    /** A conference-style answer with every sub-axis at {@code sub} and every rubric criterion at 3. */
    public static String conference(int overall, int sub) {
        return conference(overall, sub, rubric(3, Map.of()));
    }

    /** A conference-style answer with every sub-axis at {@code sub} and this rubric block. */
    public static String conference(int overall, int sub, String rubric) {
        return """
                {"Summary": "The paper fits a sparse depth prior.", "Strengths": ["clear tables"],
                 "Weaknesses": ["the ablation in Section 4 is thin"], "Questions": ["How is lambda chosen?"],
                 "Limitations": [], "Ethical Concerns": false, "Originality": %2$d, "Quality": %2$d,
                 "Clarity": %2$d, "Significance": %2$d, "Soundness": %2$d, "Presentation": %2$d,
                 "Contribution": %2$d, "Overall": %1$d, "Confidence": 4, "Decision": "%3$s", "Rubric": %4$s}"""
                .formatted(overall, sub, overall >= 6 ? "Accept" : "Reject", rubric);
    }

    /**
     * A rubric block: every criterion at {@code score} unless {@code scores} says otherwise, one quote each, and
     * no points.
     */
    public static String rubric(int score, Map<String, Integer> scores) {
        return rubric(score, scores, Map.of());
    }

    /** A rubric block with these points (criterion to [request, section, quote]). */
    public static String rubric(int score, Map<String, Integer> scores, Map<String, List<String[]>> points) {
        ObjectNode rubric = Json.mapper().createObjectNode();
        for (String criterion : CRITERIA) {
            ObjectNode node = rubric.putObject(criterion).put("Score", scores.getOrDefault(criterion, score));
            node.putArray("Evidence").addObject().put("Quote", "the ablation in Section 4").put("Page", 4);
            var list = node.putArray("Points");
            for (String[] point : points.getOrDefault(criterion, List.of())) {
                list.addObject().put("Request", point[0]).put("Section", point[1]).put("Quote", point[2]);
            }
        }
        return rubric.toString();
    }

    /** Points by criterion, for {@link #rubric(int, Map, Map)}. */
    public static Map<String, List<String[]>> points(Object... criterionAndPoint) {
        Map<String, List<String[]>> points = new LinkedHashMap<>();
        for (int i = 0; i < criterionAndPoint.length; i += 2) {
            points.computeIfAbsent((String) criterionAndPoint[i], c -> new java.util.ArrayList<>())
                    .add((String[]) criterionAndPoint[i + 1]);
        }
        return points;
    }

    @Override
    public synchronized LlmResponse call(LlmRequest request) {
        requests.add(request);
        String answer = answers.poll();
        if (answer == null) {
            throw new AssertionError("no recorded reviewer answer left for call " + requests.size());
        }
        if (answer.equals(FAIL)) {
            throw new RetriableException("scripted provider: 503 Service Unavailable after 5 attempts");
        }
        return new LlmResponse(answer, "scripted", model, 100, 50, false);
    }


    public List<LlmRequest> requests() {
        return List.copyOf(requests);
    }
}
