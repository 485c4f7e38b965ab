package dev.paperorchestra.literature.discovery;

import dev.paperorchestra.literature.plan.SearchQuery;
import dev.paperorchestra.schemas.Candidate;
import dev.paperorchestra.schemas.ScholarSearch;
import java.util.List;
import java.util.Optional;

/**
 * Where candidate papers for a query come from. Discovery only proposes: nothing it returns is cited before
 * the verifier has resolved it against the scholarly source.
 */
public interface DiscoverySource {

    /** Name written on the candidates event, e.g. offline-replay. */
    String name();

    /**
     * Candidates for one query, best first; empty when nothing fits.
     *
     * @param paperId the paper the query serves (for accounting and logs only)
     */
    List<Candidate> search(String paperId, SearchQuery query);

    /**
     * A keyword search this source hands to the verifier instead of running it (Semantic Scholar, whose
     * budget only the verifier may spend), or empty when the source searches by itself.
     */
    default Optional<ScholarSearch> delegatedSearch(SearchQuery query) {
        return Optional.empty();
    }
}
