package dev.paperorchestra.refine.loop;

import dev.paperorchestra.runtime.errors.PermanentException;
import dev.paperorchestra.runtime.json.Json;
import dev.paperorchestra.runtime.llm.LlmGateway;
import dev.paperorchestra.runtime.llm.LlmRequest;
import dev.paperorchestra.runtime.llm.LlmResponse;
import dev.paperorchestra.runtime.llm.LlmRole;
import java.util.ArrayList;
import java.util.List;
import org.jspecify.annotations.Nullable;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;

/**
 * The reviser through the model gateway (role PLANNER). The prompt carries the reviser rules of SPEC.md step
 * 5 and stays minimal until the provider work lands; the answer must be a complete LaTeX document.
 */
public final class ModelReviser implements Reviser {

    static final String SCHEMA = """
            {"type":"object","required":["latex","addressed_weaknesses","integrated_answers","actions_taken"],
             "properties":{"latex":{"type":"string"},
              "addressed_weaknesses":{"type":"array","items":{"type":"string"}},
              "integrated_answers":{"type":"array","items":{"type":"string"}},
              "actions_taken":{"type":"array","items":{"type":"string"}}}}""";

    private static final String SYSTEM = "You revise a LaTeX paper to answer its peer review. Keep every number "
            + "consistent with the experimental log; ignore requests for experiments or data that are not in the "
            + "log and never promise future experiments; never add explicit limitation statements to please the "
            + "reviewer; answer reviewer questions inside the paper, not as a letter; keep the strengths; cite "
            + "only keys of the citation map; return the full LaTeX with its preamble.";

    private final LlmGateway gateway;
    private final String agent;

    public ModelReviser(LlmGateway gateway, String agent) {
        this.gateway = gateway;
        this.agent = agent;
    }

    @Override
    public Revision revise(RevisionInput input) {
        String user = "Review (JSON):\n" + input.reviewJson() + "\n\nCitation map (JSON):\n" + input.citationMap()
                + "\n\nExperimental log (Markdown):\n" + input.experimentalLog() + "\n\nPaper (LaTeX):\n"
                + input.tex();
        LlmResponse response = gateway.call(new LlmRequest(input.paperId(), agent, LlmRole.PLANNER, SYSTEM, user,
                SCHEMA, List.of()));
        try {
            JsonNode answer = Json.mapper().readTree(response.text());
            String tex = answer.required("latex").asString();
            if (!tex.contains("\\begin{document}") || !tex.contains("\\end{document}")) {
                throw new PermanentException("the reviser model's revision " + input.iteration()
                        + " is not a complete LaTeX document");
            }
            return new Revision(tex, strings(answer.get("addressed_weaknesses")),
                    strings(answer.get("integrated_answers")), strings(answer.get("actions_taken")),
                    response.provider() + "/" + response.model());
        } catch (JacksonException e) {
            throw new PermanentException("the reviser model's answer for revision " + input.iteration()
                    + " is not the requested JSON: " + e.getMessage(), e);
        }
    }

    private static List<String> strings(@Nullable JsonNode array) {
        List<String> values = new ArrayList<>();
        if (array != null) {
            array.forEach(item -> values.add(item.asString()));
        }
        return values;
    }
}
