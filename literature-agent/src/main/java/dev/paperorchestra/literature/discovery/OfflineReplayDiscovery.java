package dev.paperorchestra.literature.discovery;

import dev.paperorchestra.literature.plan.SearchQuery;
import dev.paperorchestra.literature.replay.ScholarReplayStore;
import dev.paperorchestra.literature.text.ContentWords;
import dev.paperorchestra.schemas.Candidate;
import dev.paperorchestra.schemas.ScholarRecord;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * Offline discovery: ranks the replay store's records by how many content words of the query occur in
 * their title and abstract. Deterministic, so offline runs are reproducible.
 */
public final class OfflineReplayDiscovery implements DiscoverySource {

    public static final String NAME = "offline-replay";

    private final ScholarReplayStore store;
    private final int candidatesPerQuery;

    public OfflineReplayDiscovery(ScholarReplayStore store, int candidatesPerQuery) {
        this.store = store;
        this.candidatesPerQuery = candidatesPerQuery;
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public List<Candidate> search(String paperId, SearchQuery query) {
        Set<String> queryWords = ContentWords.of(query.text());
        if (queryWords.isEmpty()) {
            return List.of();
        }
        return store.records().stream()
                .map(record -> Match.of(record, queryWords))
                .filter(match -> !match.matchedWords().isEmpty())
                .sorted(Match.BEST_FIRST)
                .limit(candidatesPerQuery)
                .map(match -> toCandidate(match, query))
                .toList();
    }

    private static Candidate toCandidate(Match match, SearchQuery query) {
        ScholarRecord record = match.record();
        return Candidate.newBuilder()
                .setTitle(record.getTitle())
                .setYear(record.getYear())
                .setDoi(record.getDoi())
                .setArxivId(record.getArxivId())
                .setS2PaperId(record.getScholarId())
                .setQuery(query.text())
                .setPurpose(query.purpose())
                .setClusterTitle(query.clusterTitle())
                .setRelevance("offline replay: matched words " + String.join(", ", match.matchedWords()))
                .build();
    }

    /** A record with the query words found in it; more words first, then more of them in the title. */
    private record Match(ScholarRecord record, Set<String> matchedWords, int titleWords) {

        static final Comparator<Match> BEST_FIRST = Comparator
                .comparingInt((Match match) -> match.matchedWords().size()).reversed()
                .thenComparing(Comparator.comparingInt(Match::titleWords).reversed())
                .thenComparing(match -> -Objects.requireNonNullElse(match.record().getCitationCount(), 0))
                .thenComparing(match -> match.record().getScholarId());

        static Match of(ScholarRecord record, Set<String> queryWords) {
            Set<String> titleWords = ContentWords.of(record.getTitle());
            Set<String> recordWords = new LinkedHashSet<>(titleWords);
            if (record.getAbstractText() != null) {
                recordWords.addAll(ContentWords.of(record.getAbstractText()));
            }
            Set<String> matched = new LinkedHashSet<>(queryWords);
            matched.retainAll(recordWords);
            Set<String> inTitle = new LinkedHashSet<>(queryWords);
            inTitle.retainAll(titleWords);
            return new Match(record, matched, inTitle.size());
        }
    }
}
