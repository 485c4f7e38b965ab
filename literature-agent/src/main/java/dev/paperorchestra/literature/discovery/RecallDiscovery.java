package dev.paperorchestra.literature.discovery;

import dev.paperorchestra.literature.plan.SearchQuery;
import dev.paperorchestra.gateway.LlmGateway;
import dev.paperorchestra.gateway.LlmRequest;
import dev.paperorchestra.gateway.LlmRole;
import dev.paperorchestra.gateway.Prompt;
import dev.paperorchestra.schemas.Candidate;
import java.util.List;

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
        // the system prompt is what queries share; the query is the per-call part
        Prompt user = Prompt.builder().task("Up to " + candidatesPerQuery + " exact titles of papers for this " + query.purpose()
                + " topic: " + query.text()).build();
        String answer = gateway.call(new LlmRequest(paperId, agent, LlmRole.PLANNER, SYSTEM, user, SCHEMA, List.of()))
                .text();
        return NamedPapers.read(answer, "papers", query, candidatesPerQuery, "recalled by the planner model",
                "the recall answer for paper " + paperId);
    }
}
