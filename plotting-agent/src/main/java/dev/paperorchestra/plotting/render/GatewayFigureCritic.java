package dev.paperorchestra.plotting.render;

import dev.paperorchestra.plotting.planning.PlannedFigure;
import dev.paperorchestra.runtime.blob.MediaTypes;
import dev.paperorchestra.base.errors.PermanentException;
import dev.paperorchestra.base.json.Json;
import dev.paperorchestra.gateway.LlmGateway;
import dev.paperorchestra.gateway.LlmRequest;
import dev.paperorchestra.gateway.LlmResponse;
import dev.paperorchestra.gateway.LlmRole;
import dev.paperorchestra.gateway.Prompt;
import java.util.ArrayList;
import java.util.List;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;

/** The critic as a vision model behind the LLM gateway (role critic). */
public final class GatewayFigureCritic implements FigureCritic {

    static final String SYSTEM = """
            You review one figure drawn for a research paper, next to the spec it was drawn from. Judge what you \
            see: whether every text is legible at print size, whether labels or series overlap, whether space is \
            wasted, whether the kind of chart suits the data, and whether it shows what the objective asks. Each \
            issue must be concrete enough to act on by changing the spec (kind, rows, columns, order, scale, \
            highlight, legend, labels). Do not ask for data that is not in the log. Approve only a figure that \
            can be printed as it is.""";
    static final String SCHEMA = """
            {"type":"object","required":["approved","issues"],"additionalProperties":false,
             "properties":{"approved":{"type":"boolean"},"issues":{"type":"array","items":{"type":"string"}}}}""";

    private final LlmGateway gateway;
    private final String agent;

    public GatewayFigureCritic(LlmGateway gateway, String agent) {
        this.gateway = gateway;
        this.agent = agent;
    }

    @Override
    public Critique review(String paperId, PlannedFigure figure, byte[] png, String spec, int round) {
        // one figure, one round, its image attached: nothing here repeats across calls but the system prompt
        Prompt user = Prompt.builder().task("Figure title: " + figure.title() + "\nObjective: " + figure.objective()
                + "\nPlanned aspect ratio: " + figure.aspectRatio() + "\nSpec it was drawn from:\n" + spec
                + "\nReview round: " + round
                + "\nAnswer with approved (true when the chart can be printed as it is) and the issues you found.")
                .build();
        LlmResponse response = gateway.call(new LlmRequest(paperId, agent, LlmRole.CRITIC, SYSTEM, user, SCHEMA,
                List.of(new LlmRequest.Image(MediaTypes.PNG, png))));
        return parse(response.text(), figure.figureId());
    }

    static Critique parse(String answer, String figureId) {
        try {
            JsonNode root = Json.mapper().readTree(answer);
            if (!root.path("approved").isBoolean()) {
                throw new PermanentException("critic answer for figure " + figureId + " has no boolean 'approved'");
            }
            List<String> issues = new ArrayList<>();
            for (JsonNode issue : root.path("issues").values()) {
                issues.add(issue.asString());
            }
            return new Critique(root.path("approved").booleanValue(), issues);
        } catch (JacksonException e) {
            throw new PermanentException("critic answer for figure " + figureId + " is not JSON", e);
        }
    }
}
