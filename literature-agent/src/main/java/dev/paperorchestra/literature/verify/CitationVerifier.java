package dev.paperorchestra.literature.verify;

import dev.paperorchestra.base.errors.PermanentException;
import dev.paperorchestra.base.errors.RetriableException;
import dev.paperorchestra.schemas.Candidate;
import dev.paperorchestra.schemas.CitationVerdict;
import dev.paperorchestra.schemas.CitationVerificationRequestedEvent;
import dev.paperorchestra.schemas.ScholarRecord;
import dev.paperorchestra.schemas.ScholarSearch;
import dev.paperorchestra.schemas.VerifyRequestKind;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Resolves requests' candidates and judges them. Resolution order: the scholar cache; then, for every id (S2
 * paperId, DOI, arXiv id) the cache does not know, id batches (one request per batch of up to
 * {@code idBatchSize} ids), shared by every request verified together, so queued requests of several papers
 * fill one batch; then one title lookup for each candidate still unresolved, never twice for the same title.
 * Every new answer is remembered in the cache the moment it arrives (the deployment's cache writes it to the
 * scholar-cache topic then) and counted as a look-up of the request that asked first; the others count it as
 * a cache hit. A SEARCH request carries no candidates but a keyword search,
 * run through the source's bulk search on this same thread, so it shares the source's spacing with every other
 * look-up of the deployment.
 */
public final class CitationVerifier {

    private static final Logger log = LoggerFactory.getLogger(CitationVerifier.class);

    private final ScholarSources sources;
    private final ScholarCache cache;
    private final CitationAcceptance rules;
    private final int idBatchSize;
    private final SearchLimits searchLimits;

    public CitationVerifier(ScholarSources sources, ScholarCache cache, CitationAcceptance rules, int idBatchSize,
            SearchLimits searchLimits) {
        this.sources = sources;
        this.cache = cache;
        this.rules = rules;
        this.idBatchSize = idBatchSize;
        this.searchLimits = searchLimits;
    }

    /**
     * How far a SEARCH request's keyword search goes.
     *
     * @param recordsPerSearch accepted records kept per search at most
     * @param maxPages         pages (requests of up to 1,000 records) asked per search at most, following the
     *                         continuation token while fewer records than wanted were accepted
     */
    public record SearchLimits(int recordsPerSearch, int maxPages) {

        public SearchLimits {
            if (recordsPerSearch < 1 || maxPages < 1) {
                throw new IllegalArgumentException("a search keeps at least one record from at least one page");
            }
        }
    }

    public Outcome verify(CitationVerificationRequestedEvent request) {
        Result result = verifyAll(List.of(request)).getFirst();
        return switch (result) {
            case Result.Verified verified -> verified.outcome();
            case Result.Failed failed -> throw failed.failure();
        };
    }

    /**
     * Verifies several queued requests together: their unknown ids go out in shared batches, then each
     * request's titles and verdicts follow on its own. A request whose own part fails is answered with its
     * failure, the others are not affected; a failure of the shared batch is retried request by request, so
     * only the request that causes it fails.
     *
     * @return one result per request, in request order
     * @throws dev.paperorchestra.base.errors.RetriableException when the source stays unavailable (the
     *         whole poll is redelivered; answers already received are in the cache)
     */
    public List<Result> verifyAll(List<CitationVerificationRequestedEvent> requests) {
        List<Run> runs = requests.stream().map(request -> new Run(sources.forJob(request.getLlmMode(), request.getScholarRecords()), request))
                .toList();
        // grouped by the source itself: offline jobs of different papers replay different recorded answers
        Map<ScholarSource, List<Run>> bySource = new IdentityHashMap<>();
        runs.forEach(run -> bySource.computeIfAbsent(run.source, source -> new ArrayList<>()).add(run));
        for (List<Run> group : bySource.values()) {
            try {
                resolveIdsTogether(group);
            } catch (PermanentException e) {
                // one request's ids spoil the shared batch: each request asks for its own, and fails alone
                group.forEach(run -> run.resolveOwnIds());
            }
        }
        List<Result> results = new ArrayList<>();
        for (Run run : runs) {
            try {
                results.add(new Result.Verified(run.finish()));
            } catch (RetriableException e) {
                throw e;
            } catch (RuntimeException e) {
                // a request that cannot be verified (malformed cutoff, a refused look-up) fails on its own
                results.add(new Result.Failed(e));
            }
        }
        return results;
    }

    private void resolveIdsTogether(List<Run> group) {
        ScholarSource source = group.getFirst().source;
        Map<String, Run> askedBy = new LinkedHashMap<>();
        for (Run run : group) {
            run.unknownIds().forEach(key -> askedBy.putIfAbsent(key, run));
        }
        List<String> keys = List.copyOf(askedBy.keySet());
        for (int from = 0; from < keys.size(); from += idBatchSize) {
            List<String> batch = keys.subList(from, Math.min(keys.size(), from + idBatchSize));
            long before = source.requestsMade();
            Map<String, ScholarRecord> found = source.resolveByIds(batch);
            // the batch's cost is booked on the request that asked for its first id
            askedBy.get(batch.getFirst()).sharedRequests += Math.toIntExact(source.requestsMade() - before);
            batch.forEach(key -> askedBy.get(key).answered(key, found.get(key)));
        }
    }

    /** What happened to one request of {@link #verifyAll}. */
    public sealed interface Result {

        record Verified(Outcome outcome) implements Result {
        }

        record Failed(RuntimeException failure) implements Result {
        }
    }

    /** The state of one request's resolution. */
    private final class Run {

        private final ScholarSource source;
        private final CitationVerificationRequestedEvent request;
        private final Map<String, Optional<ScholarRecord>> known = new HashMap<>();
        private final List<Lookup> lookups = new ArrayList<>();
        private int cacheHits;
        private int sharedRequests;
        private @Nullable PermanentException failure;

        Run(ScholarSource source, CitationVerificationRequestedEvent request) {
            this.source = source;
            this.request = request;
        }

        /** The request's ids neither the cache nor an earlier answer knows. */
        List<String> unknownIds() {
            return request.getCandidates().stream().flatMap(CitationVerifier::idKeys).distinct()
                    .filter(key -> !known.containsKey(key) && !fromCache(key)).toList();
        }

        void resolveOwnIds() {
            List<String> unknown = unknownIds();
            for (int from = 0; from < unknown.size(); from += idBatchSize) {
                List<String> batch = unknown.subList(from, Math.min(unknown.size(), from + idBatchSize));
                long before = source.requestsMade();
                Map<String, ScholarRecord> found;
                try {
                    found = source.resolveByIds(batch);
                } catch (PermanentException e) {
                    sharedRequests += Math.toIntExact(source.requestsMade() - before);
                    failure = e;
                    return;
                }
                sharedRequests += Math.toIntExact(source.requestsMade() - before);
                batch.forEach(key -> answered(key, found.get(key)));
            }
        }

        Outcome finish() {
            if (failure != null) {
                throw failure;
            }
            LocalDate cutoff = CitationAcceptance.cutoff(request.getCutoffDate());
            if (request.getKind() == VerifyRequestKind.SEARCH) {
                return searched(cutoff);
            }
            long before = source.requestsMade();
            List<CitationVerdict> verdicts = new ArrayList<>();
            for (Candidate candidate : request.getCandidates()) {
                ScholarRecord record = idKeys(candidate).map(this::knownOrCached).filter(Objects::nonNull)
                        .flatMap(Optional::stream).findFirst().orElseGet(() -> byTitle(candidate.getTitle()));
                verdicts.add(verdict(candidate, record, cutoff));
            }
            int requests = Math.toIntExact(source.requestsMade() - before) + sharedRequests;
            int resolved = (int) lookups.stream().filter(Lookup::found).count();
            return new Outcome(source.name(), source.cacheScope(), source.replay(), verdicts, lookups, requests,
                    cacheHits, resolved);
        }

        /**
         * A keyword search through the source's bulk search: the records that pass the acceptance rules become
         * the request's verdicts (the search asks only for years up to the cutoff's; the rules apply the exact
         * date), and each is remembered under every id it carries, so later candidates naming it cost nothing.
         */
        private Outcome searched(@Nullable LocalDate cutoff) {
            ScholarSearch search = request.getSearch();
            if (search == null) {
                throw new PermanentException("verification request " + request.getRequestId() + " of paper "
                        + request.getPaperId() + " is a SEARCH request without a search");
            }
            long before = source.requestsMade();
            Integer untilYear = cutoff == null ? null : cutoff.minusDays(1).getYear();
            List<CitationVerdict> verdicts = new ArrayList<>();
            Set<String> seen = new HashSet<>();
            String token = null;
            for (int page = 0; page < searchLimits.maxPages() && verdicts.size() < searchLimits.recordsPerSearch();
                    page++) {
                ScholarSource.BulkSearchPage answer;
                try {
                    answer = source.searchBulk(search.getKeywords(), untilYear, token);
                } catch (PermanentException e) {
                    // a refused search is one discovery source finding nothing for one query, as when OpenAlex
                    // refuses: the paper goes on with what its other queries and sources find
                    log.warn("paper {}: bulk search {} refused ({}); answered with the {} records accepted so far",
                            request.getPaperId(), request.getRequestId(), e.getMessage(), verdicts.size());
                    break;
                }
                for (ScholarRecord record : answer.records()) {
                    if (verdicts.size() < searchLimits.recordsPerSearch() && seen.add(record.getScholarId())) {
                        CitationVerdict verdict = verdict(found(record, search), record, cutoff);
                        if (verdict.getAccepted()) {
                            verdicts.add(verdict);
                            recordIds(record).filter(key -> !known.containsKey(key))
                                    .forEach(key -> answered(key, record));
                        }
                    }
                }
                token = answer.token();
                if (token == null) {
                    break;
                }
            }
            return new Outcome(source.name(), source.cacheScope(), source.replay(), verdicts, lookups,
                    Math.toIntExact(source.requestsMade() - before), cacheHits, verdicts.size());
        }

        private @Nullable Optional<ScholarRecord> knownOrCached(String key) {
            if (!known.containsKey(key)) {
                fromCache(key);
            }
            return known.get(key);
        }

        private @Nullable ScholarRecord byTitle(String title) {
            String key = LookupKeys.title(title);
            if (!known.containsKey(key) && !fromCache(key)) {
                answered(key, source.matchTitle(title).orElse(null));
            }
            return known.get(key).orElse(null);
        }

        private boolean fromCache(String key) {
            Optional<ScholarCache.Answer> answer = cache.find(source.cacheScope(), key);
            answer.ifPresent(cached -> {
                known.put(key, Optional.ofNullable(cached.record()));
                cacheHits++;
            });
            return answer.isPresent();
        }

        private void answered(String key, @Nullable ScholarRecord record) {
            known.put(key, Optional.ofNullable(record));
            cache.remember(source.cacheScope(), key, record);
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

    /** A searched record as the candidate it stands for: every id it carries is kept. */
    private static Candidate found(ScholarRecord record, ScholarSearch search) {
        return Candidate.newBuilder().setTitle(record.getTitle()).setYear(record.getYear()).setDoi(record.getDoi())
                .setArxivId(record.getArxivId()).setS2PaperId(record.getScholarId()).setQuery(search.getQuery())
                .setPurpose(search.getPurpose()).setClusterTitle(search.getClusterTitle())
                .setRelevance("Semantic Scholar bulk search for " + search.getKeywords()).build();
    }

    private static Stream<String> recordIds(ScholarRecord record) {
        return Stream.of(LookupKeys.s2(record.getScholarId()), LookupKeys.doi(record.getDoi()),
                LookupKeys.arxiv(record.getArxivId())).flatMap(Optional::stream);
    }

    private static Stream<String> idKeys(Candidate candidate) {
        return Stream.of(LookupKeys.s2(candidate.getS2PaperId()), LookupKeys.doi(candidate.getDoi()),
                LookupKeys.arxiv(candidate.getArxivId())).flatMap(Optional::stream);
    }

    /** One new answer of the source. */
    public record Lookup(String key, @Nullable ScholarRecord record) {

        public boolean found() {
            return record != null;
        }
    }

    /**
     * What a request cost and decided.
     *
     * @param source             the source that answered
     * @param cacheScope         the scholar-cache scope of its answers (see {@link ScholarSource#cacheScope})
     * @param replay             true when that source is the offline replay (see {@link ScholarSource#replay})
     * @param verdicts           one per candidate, in request order
     * @param lookups            every new answer the source gave, in the order asked (cache hits excluded)
     * @param requests           lookups sent to the source, retries included: requests to a service, or
     *                           lookups in the replay store (see {@link #scholarRequests} and
     *                           {@link #replayLookups})
     * @param cacheHits          lookups answered by the cache
     * @param resolvedByRequests records the requests found (for a search: the records it accepted)
     */
    public record Outcome(String source, String cacheScope, boolean replay, List<CitationVerdict> verdicts,
            List<Lookup> lookups, int requests, int cacheHits, int resolvedByRequests) {

        public Outcome {
            verdicts = List.copyOf(verdicts);
            lookups = List.copyOf(lookups);
        }

        /** Requests sent to a live scholarly service; zero for the offline replay. */
        public int scholarRequests() {
            return replay ? 0 : requests;
        }

        /** Lookups the offline replay answered; zero for a live service. */
        public int replayLookups() {
            return replay ? requests : 0;
        }
    }
}
