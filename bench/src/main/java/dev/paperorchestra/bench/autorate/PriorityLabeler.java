package dev.paperorchestra.bench.autorate;

import dev.paperorchestra.bench.autorate.CitationF1.Priority;
import dev.paperorchestra.base.json.Json;
import dev.paperorchestra.gateway.LlmGateway;
import dev.paperorchestra.gateway.LlmRequest;
import dev.paperorchestra.gateway.LlmRole;
import dev.paperorchestra.gateway.Prompt;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.JsonNode;

/**
 * The model splits the human paper's references into P0 (must cite: baselines, datasets, metrics, methods
 * built upon) and P1 (the rest), answering strict JSON. A key the model leaves out is P1.
 */
public final class PriorityLabeler {

    static final String SCHEMA = """
            {"type":"object","additionalProperties":false,"required":["labels"],
             "properties":{"labels":{"type":"array","items":{"type":"object","additionalProperties":false,
               "required":["key","priority"],
               "properties":{"key":{"type":"string"},"priority":{"type":"string","enum":["P0","P1"]}}}}}}""";
    private static final String SYSTEM = """
            You label the reference list of a research paper. P0 means the paper must cite the work: a baseline it
            compares against, a dataset or benchmark it uses, a metric it reports, or a method it directly builds
            upon. P1 means every other reference (related work that is good to cite). Label every key once.""";

    private final LlmGateway gateway;

    public PriorityLabeler(LlmGateway gateway) {
        this.gateway = gateway;
    }

    /** Labels by bib key. */
    public Map<String, Priority> label(String paperId, String idea, List<BibEntry> references) {
        StringBuilder listed = new StringBuilder("References:\n");
        references.forEach(ref -> listed.append("- ").append(ref.key()).append(": ").append(ref.title()).append('\n'));
        Prompt user = Prompt.builder().reading("The paper's idea:\n" + idea).literature(listed.toString()).build();
        String answer = gateway.call(new LlmRequest(paperId, "bench", LlmRole.PLANNER, SYSTEM, user, SCHEMA,
                List.of(), 0.0)).text();
        Map<String, Priority> labels = new LinkedHashMap<>();
        references.forEach(ref -> labels.put(ref.key(), Priority.P1));
        JsonNode json = Json.mapper().readTree(answer);
        json.path("labels").forEach(label -> {
            if (labels.containsKey(label.path("key").asString())) {
                labels.put(label.path("key").asString(), Priority.valueOf(label.path("priority").asString()));
            }
        });
        return labels;
    }
}
