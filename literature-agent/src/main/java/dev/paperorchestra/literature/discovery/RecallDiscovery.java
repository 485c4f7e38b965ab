package dev.paperorchestra.literature.discovery;

import dev.paperorchestra.literature.plan.SearchQuery;
import dev.paperorchestra.runtime.errors.PermanentException;
import dev.paperorchestra.runtime.json.Json;
import dev.paperorchestra.runtime.llm.LlmGateway;
import dev.paperorchestra.runtime.llm.LlmRequest;
import dev.paperorchestra.runtime.llm.LlmRole;
import dev.paperorchestra.schemas.Candidate;
import java.util.ArrayList;
import java.util.List;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;

/**
 * Discovery from the planner model's memory: the exact titles of well-known papers it is sure of. Recall can be
 * wrong, which costs nothing but a rejected candidate: every title is verified before it may be cited.
 */
public final class RecallDiscovery implements DiscoverySource {

    public static final String NAME = "llm-recall";

    private static final String SYSTEM = """
            You list published research papers from memory. Give a title only when you know its exact wording; \
            leave out anything you are unsure of rather than approximating. Do not add authors.""";
    private static final String SCHEMA = """
            {"type":"object","required":["papers"],"properties":{"papers":{"type":"array","items":\
            {"type":"object","required":["title"],"properties":{"title":{"type":"string"},\
            "year":{"type":"integer"}}}}}}""";

    private final LlmGateway gateway;
    private final String agent;
    private final int candidatesPerQuery;

    public RecallDiscovery(LlmGateway gateway, String agent, int candidatesPerQuery) {
        this.gateway = gateway;
        this.agent = agent;
        this.candidatesPerQuery = candidatesPerQuery;
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public List<Candidate> search(String paperId, SearchQuery query) {
        String user = "Up to " + candidatesPerQuery + " exact titles of papers for this " + query.purpose()
                + " topic: " + query.text();
        String answer = gateway.call(new LlmRequest(paperId, agent, LlmRole.PLANNER, SYSTEM, user, SCHEMA, List.of()))
                .text();
        JsonNode papers;
        try {
            papers = Json.mapper().readTree(answer).path("papers");
        } catch (JacksonException e) {
            throw new PermanentException("the recall answer for paper " + paperId + " is not JSON", e);
        }
        List<Candidate> candidates = new ArrayList<>();
        for (JsonNode paper : papers.values()) {
            JsonNode title = paper.path("title");
            if (title.isString() && !title.stringValue().isBlank() && candidates.size() < candidatesPerQuery) {
                candidates.add(Candidate.newBuilder().setTitle(title.stringValue().strip())
                        .setYear(paper.path("year").isIntegralNumber() ? paper.path("year").intValue() : null)
                        .setQuery(query.text()).setPurpose(query.purpose()).setClusterTitle(query.clusterTitle())
                        .setRelevance("recalled by the planner model").build());
            }
        }
        return candidates;
    }
}
