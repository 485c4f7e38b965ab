package dev.paperorchestra.reviewer.review;

import dev.paperorchestra.runtime.errors.PermanentException;
import dev.paperorchestra.runtime.json.Json;
import dev.paperorchestra.runtime.llm.LlmGateway;
import dev.paperorchestra.runtime.llm.LlmRequest;
import dev.paperorchestra.runtime.llm.LlmResponse;
import dev.paperorchestra.runtime.llm.LlmRole;
import java.util.List;
import tools.jackson.core.JacksonException;

/**
 * The reviewer through the model gateway (role REVIEWER). The prompt is deliberately minimal until the
 * provider work lands; the answer is validated against the format before anyone relies on it.
 */
public final class ModelReviewer implements Reviewer {

    private static final String SYSTEM = "You are a rigorous peer reviewer for a machine-learning conference. "
            + "Review the LaTeX paper you are given. Answer with one JSON object with exactly these fields: "
            + "Summary (string), Strengths, Weaknesses, Questions, Limitations (lists of strings), "
            + "\"Ethical Concerns\" (boolean), Originality, Quality, Clarity, Significance, Soundness, "
            + "Presentation, Contribution (integers 1-4), Overall (integer 1-10), Confidence (integer 1-5), "
            + "Decision (\"Accept\" or \"Reject\").";

    private final LlmGateway gateway;
    private final String agent;

    public ModelReviewer(LlmGateway gateway, String agent) {
        this.gateway = gateway;
        this.agent = agent;
    }

    @Override
    public ConferenceReview review(ReviewInput input) {
        String user = "Compile status: " + input.compile().getStatus() + " (" + input.compile().getMessage() + ")"
                + (input.pageLimit() == null ? "" : "\nPage limit of the main text: " + input.pageLimit())
                + "\n\nPaper (LaTeX):\n" + input.tex();
        LlmResponse response = gateway.call(new LlmRequest(input.paperId(), agent, LlmRole.REVIEWER, SYSTEM, user,
                null, List.of()));
        try {
            return ConferenceReview.fromJson(Json.mapper().readTree(response.text()),
                    response.provider() + "/" + response.model());
        } catch (JacksonException | IllegalArgumentException e) {
            throw new PermanentException("the reviewer model's answer for version " + input.version()
                    + " is not a valid conference-style review: " + e.getMessage(), e);
        }
    }
}
