package dev.paperorchestra.literature.discovery;

import dev.paperorchestra.literature.plan.KeywordQuery;
import dev.paperorchestra.literature.plan.SearchQuery;
import dev.paperorchestra.schemas.Candidate;
import dev.paperorchestra.schemas.ScholarSearch;
import java.util.List;
import java.util.Optional;

/**
 * Discovery through Semantic Scholar's bulk search ({@code GET /graph/v1/paper/search/bulk}, up to 1,000 records
 * a request). The worker does not call it: Semantic Scholar's limit belongs to the key across every endpoint,
 * and only the verifier's paced client may spend it. So this source proposes no candidates itself; it hands the
 * query's key phrases, in the bulk search's syntax, to the verifier as a search, and the records that pass the
 * acceptance rules come back as the paper's verdicts, already resolved (with every id they carry).
 */
public final class S2BulkDiscovery implements DiscoverySource {

    public static final String NAME = "s2-bulk";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public List<Candidate> search(String paperId, SearchQuery query) {
        return List.of();
    }

    /** Empty when the query has no key phrase left (an instruction sentence or a table caption only). */
    @Override
    public Optional<ScholarSearch> delegatedSearch(SearchQuery query) {
        String keywords = KeywordQuery.s2Bulk(query.text());
        if (keywords.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(ScholarSearch.newBuilder().setKeywords(keywords).setQuery(query.text())
                .setPurpose(query.purpose()).setClusterTitle(query.clusterTitle()).build());
    }
}
