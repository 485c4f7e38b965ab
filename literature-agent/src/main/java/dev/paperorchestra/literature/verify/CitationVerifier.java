package dev.paperorchestra.literature.verify;

import dev.paperorchestra.schemas.Candidate;
import dev.paperorchestra.schemas.CitationVerdict;
import dev.paperorchestra.schemas.CitationVerificationRequestedEvent;
import dev.paperorchestra.schemas.ScholarRecord;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.stream.Stream;
import org.jspecify.annotations.Nullable;

/**
 * Resolves a request's candidates and judges them. Resolution order: the scholar cache; then, for every id
 * (DOI, arXiv) the cache does not know, id batches (one request per batch); then one title lookup for each
 * candidate still unresolved, never twice for the same title. Every new answer is remembered in the cache
 * and returned for the scholar-cache topic.
 */
public final class CitationVerifier {

    private final ScholarSources sources;
    private final ScholarCache cache;
    private final AcceptanceRules rules;
    private final int idBatchSize;

    public CitationVerifier(ScholarSources sources, ScholarCache cache, AcceptanceRules rules, int idBatchSize) {
        this.sources = sources;
        this.cache = cache;
        this.rules = rules;
        this.idBatchSize = idBatchSize;
    }

    public Outcome verify(CitationVerificationRequestedEvent request) {
        return new Run(sources.forJob(request.getLlmMode(), request.getScholarRecords())).verify(request);
    }

    /** The state of one request's resolution. */
    private final class Run {

        private final ScholarSource source;
        private final long requestsBefore;
        private final Map<String, Optional<ScholarRecord>> known = new HashMap<>();
        private final List<Lookup> lookups = new ArrayList<>();
        private int cacheHits;

        Run(ScholarSource source) {
            this.source = source;
            this.requestsBefore = source.requestsMade();
        }

        Outcome verify(CitationVerificationRequestedEvent request) {
            LocalDate cutoff = AcceptanceRules.cutoff(request.getCutoffDate());
            List<String> unknownIds = new ArrayList<>();
            request.getCandidates().stream().flatMap(CitationVerifier::idKeys).distinct()
                    .filter(key -> !fromCache(key)).forEach(unknownIds::add);
            for (int from = 0; from < unknownIds.size(); from += idBatchSize) {
                List<String> batch = unknownIds.subList(from, Math.min(unknownIds.size(), from + idBatchSize));
                Map<String, ScholarRecord> found = source.resolveByIds(batch);
                batch.forEach(key -> answered(key, found.get(key)));
            }
            List<CitationVerdict> verdicts = new ArrayList<>();
            for (Candidate candidate : request.getCandidates()) {
                ScholarRecord record = idKeys(candidate).map(known::get).filter(Objects::nonNull)
                        .flatMap(Optional::stream).findFirst().orElseGet(() -> byTitle(candidate.getTitle()));
                verdicts.add(verdict(candidate, record, cutoff));
            }
            int requests = Math.toIntExact(source.requestsMade() - requestsBefore);
            int resolved = (int) lookups.stream().filter(Lookup::found).count();
            return new Outcome(source.name(), verdicts, lookups, requests, cacheHits, resolved);
        }

        private @Nullable ScholarRecord byTitle(String title) {
            String key = LookupKeys.title(title);
            if (!known.containsKey(key) && !fromCache(key)) {
                answered(key, source.matchTitle(title).orElse(null));
            }
            return known.get(key).orElse(null);
        }

        private boolean fromCache(String key) {
            Optional<ScholarCache.Answer> answer = cache.find(source.name(), key);
            answer.ifPresent(cached -> {
                known.put(key, Optional.ofNullable(cached.record()));
                cacheHits++;
            });
            return answer.isPresent();
        }

        private void answered(String key, @Nullable ScholarRecord record) {
            known.put(key, Optional.ofNullable(record));
            cache.remember(source.name(), key, record);
            lookups.add(new Lookup(key, record));
        }

        private CitationVerdict verdict(Candidate candidate, @Nullable ScholarRecord record,
                @Nullable LocalDate cutoff) {
            if (record == null) {
                return CitationVerdict.newBuilder().setCandidate(candidate).setAccepted(false)
                        .setReason("no match in " + source.name()).setRejection(RejectionReason.NO_MATCH.code())
                        .build();
            }
            Verdict verdict = rules.judge(candidate, record, cutoff);
            return CitationVerdict.newBuilder().setCandidate(candidate).setAccepted(verdict.accepted())
                    .setReason(verdict.reason()).setTitleSimilarity(verdict.similarity()).setRecord(record)
                    .setRejection(verdict instanceof Verdict.Rejected rejected ? rejected.category().code() : null)
                    .build();
        }
    }

    private static Stream<String> idKeys(Candidate candidate) {
        return Stream.concat(LookupKeys.doi(candidate.getDoi()).stream(),
                LookupKeys.arxiv(candidate.getArxivId()).stream());
    }

    /** One new answer of the source, for the scholar-cache topic. */
    public record Lookup(String key, @Nullable ScholarRecord record) {

        public boolean found() {
            return record != null;
        }
    }

    /**
     * What a request cost and decided.
     *
     * @param source             the source that answered
     * @param verdicts           one per candidate, in request order
     * @param lookups            every new answer the source gave, in the order asked (cache hits excluded)
     * @param requests           requests sent to the source, retries included
     * @param cacheHits          lookups answered by the cache
     * @param resolvedByRequests records the requests found
     */
    public record Outcome(String source, List<CitationVerdict> verdicts, List<Lookup> lookups, int requests,
            int cacheHits, int resolvedByRequests) {

        public Outcome {
            verdicts = List.copyOf(verdicts);
            lookups = List.copyOf(lookups);
        }
    }
}
