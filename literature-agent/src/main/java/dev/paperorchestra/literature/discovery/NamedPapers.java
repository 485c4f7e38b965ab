package dev.paperorchestra.literature.discovery;

import dev.paperorchestra.literature.plan.SearchQuery;
import dev.paperorchestra.base.errors.PermanentException;
import dev.paperorchestra.base.json.Json;
import dev.paperorchestra.schemas.Candidate;
import java.util.ArrayList;
import java.util.List;
import org.jspecify.annotations.Nullable;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;

/**
 * Candidates from a model's structured answer: an array of papers, each with a title and, when the model knows
 * them, year, DOI, arXiv id and why it is relevant. Entries without a title are skipped; the verifier decides
 * about the rest.
 */
final class NamedPapers {

    private NamedPapers() {
    }

    /**
     * @param arrayField       the answer's field holding the papers
     * @param limit            most candidates taken
     * @param defaultRelevance the relevance of an entry that gives none
     * @throws PermanentException when the answer is not JSON
     */
    static List<Candidate> read(String answer, String arrayField, SearchQuery query, int limit,
            @Nullable String defaultRelevance, String what) {
        JsonNode papers;
        try {
            papers = Json.mapper().readTree(answer).path(arrayField);
        } catch (JacksonException e) {
            throw new PermanentException(what + " is not JSON", e);
        }
        List<Candidate> candidates = new ArrayList<>();
        for (JsonNode paper : papers.values()) {
            String title = text(paper.path("title"));
            if (title == null || candidates.size() >= limit) {
                continue;
            }
            String relevance = text(paper.path("relevance"));
            candidates.add(Candidate.newBuilder().setTitle(title)
                    .setYear(paper.path("year").isIntegralNumber() ? paper.path("year").intValue() : null)
                    .setDoi(text(paper.path("doi"))).setArxivId(text(paper.path("arxivId")))
                    .setQuery(query.text()).setPurpose(query.purpose()).setClusterTitle(query.clusterTitle())
                    .setRelevance(relevance != null ? relevance : defaultRelevance).build());
        }
        return candidates;
    }

    private static @Nullable String text(JsonNode node) {
        return node.isString() && !node.stringValue().isBlank() ? node.stringValue().strip() : null;
    }
}
