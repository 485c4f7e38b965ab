package dev.paperorchestra.literature.discovery;

import dev.paperorchestra.literature.plan.SearchQuery;
import dev.paperorchestra.base.errors.AgentException;
import dev.paperorchestra.schemas.Candidate;
import java.util.ArrayList;
import dev.paperorchestra.schemas.ScholarSearch;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Several discovery sources asked in turn for the same query, their candidates concatenated (the collector
 * removes duplicates). One source failing does not lose the others' answers; only when every source fails
 * does the task fail, with the first failure.
 */
public final class CombinedDiscovery implements DiscoverySource {

    private static final Logger log = LoggerFactory.getLogger(CombinedDiscovery.class);

    private final List<DiscoverySource> sources;

    public CombinedDiscovery(List<DiscoverySource> sources) {
        if (sources.isEmpty()) {
            throw new IllegalArgumentException("discovery needs at least one source");
        }
        this.sources = List.copyOf(sources);
    }

    /** The only source itself, or the combination of several. */
    public static DiscoverySource of(List<DiscoverySource> sources) {
        return sources.size() == 1 ? sources.getFirst() : new CombinedDiscovery(sources);
    }

    @Override
    public String name() {
        return sources.stream().map(DiscoverySource::name).collect(Collectors.joining("+"));
    }

    /** The first search a source delegates (one source of a combination is Semantic Scholar's bulk search). */
    @Override
    public Optional<ScholarSearch> delegatedSearch(SearchQuery query) {
        return sources.stream().map(source -> source.delegatedSearch(query)).flatMap(Optional::stream).findFirst();
    }

    @Override
    public List<Candidate> search(String paperId, SearchQuery query) {
        List<Candidate> candidates = new ArrayList<>();
        AgentException firstFailure = null;
        int answered = 0;
        for (DiscoverySource source : sources) {
            try {
                candidates.addAll(source.search(paperId, query));
                answered++;
            } catch (AgentException e) {
                log.warn("paper {}: discovery source {} failed ({}); going on with the other sources", paperId,
                        source.name(), e.getMessage());
                firstFailure = firstFailure == null ? e : firstFailure;
            }
        }
        if (answered == 0 && firstFailure != null) {
            throw firstFailure;
        }
        return candidates;
    }
}
