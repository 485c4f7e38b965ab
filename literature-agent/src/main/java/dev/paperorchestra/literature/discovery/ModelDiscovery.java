package dev.paperorchestra.literature.discovery;

import dev.paperorchestra.literature.plan.SearchQuery;
import dev.paperorchestra.gateway.LlmGateway;
import dev.paperorchestra.gateway.LlmRequest;
import dev.paperorchestra.gateway.LlmResponse;
import dev.paperorchestra.gateway.LlmRole;
import dev.paperorchestra.gateway.Prompt;
import dev.paperorchestra.schemas.Candidate;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Discovery through the searcher role of the model gateway, search-grounded where the provider can: the papers
 * the answer names and the web sources it was grounded on both become candidates (a grounded source's page
 * title is often the paper's title; the verifier decides).
 */
public final class ModelDiscovery implements DiscoverySource {

    public static final String NAME = "llm-searcher";

    private static final String SYSTEM = """
            You find published research papers for a literature review. Answer only with papers you can \
            identify precisely; never invent titles, identifiers or authors. Every answer is verified later.""";
    private static final String SCHEMA = """
            {"type":"object","required":["candidates"],"properties":{"candidates":{"type":"array","items":\
            {"type":"object","required":["title"],"properties":{"title":{"type":"string"},\
            "year":{"type":"integer"},"doi":{"type":"string"},"arxivId":{"type":"string"},\
            "relevance":{"type":"string"}}}}}}""";

    private final LlmGateway gateway;
    private final String agent;
    private final int candidatesPerQuery;

    public ModelDiscovery(LlmGateway gateway, String agent, int candidatesPerQuery) {
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
        Prompt user = Prompt.builder().task("Find up to " + candidatesPerQuery + " papers for this " + query.purpose()
                + " query: " + query.text()).build();
        LlmResponse response = gateway.call(new LlmRequest(paperId, agent, LlmRole.SEARCHER, SYSTEM, user, SCHEMA,
                List.of()));
        List<Candidate> candidates = new ArrayList<>(NamedPapers.read(response.text(), "candidates", query,
                candidatesPerQuery, null, "the searcher's answer for paper " + paperId));
        response.sources().stream().map(source -> GroundingSources.candidate(source, query)).flatMap(Optional::stream)
                .limit(candidatesPerQuery).forEach(candidates::add);
        return candidates;
    }
}
