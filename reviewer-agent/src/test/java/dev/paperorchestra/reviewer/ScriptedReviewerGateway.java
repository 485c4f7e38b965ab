package dev.paperorchestra.reviewer;

import dev.paperorchestra.runtime.llm.LlmGateway;
import dev.paperorchestra.runtime.llm.LlmRequest;
import dev.paperorchestra.runtime.llm.LlmResponse;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/** A gateway that answers reviewer calls with recorded answers, in order, and remembers every request. */
public final class ScriptedReviewerGateway implements LlmGateway {

    private final Deque<String> answers;
    private final List<LlmRequest> requests = new CopyOnWriteArrayList<>();

    public ScriptedReviewerGateway(List<String> answers) {
        this.answers = new ArrayDeque<>(answers);
    }

    /** A conference-style answer with every sub-axis at {@code sub}. */
    public static String conference(int overall, int sub) {
        return """
                {"Summary": "The paper fits a sparse depth prior.", "Strengths": ["clear tables"],
                 "Weaknesses": ["the ablation in Section 4 is thin"], "Questions": ["How is lambda chosen?"],
                 "Limitations": [], "Ethical Concerns": false, "Originality": %2$d, "Quality": %2$d,
                 "Clarity": %2$d, "Significance": %2$d, "Soundness": %2$d, "Presentation": %2$d,
                 "Contribution": %2$d, "Overall": %1$d, "Confidence": 4, "Decision": "%3$s"}"""
                .formatted(overall, sub, overall >= 6 ? "Accept" : "Reject");
    }

    @Override
    public synchronized LlmResponse call(LlmRequest request) {
        requests.add(request);
        String answer = answers.poll();
        if (answer == null) {
            throw new AssertionError("no recorded reviewer answer left for call " + requests.size());
        }
        return new LlmResponse(answer, "scripted", "reviewer-1", 100, 50, false);
    }


    public List<LlmRequest> requests() {
        return List.copyOf(requests);
    }
}
