package dev.paperorchestra.literature.verify;

import static dev.paperorchestra.literature.Fixtures.candidate;
import static dev.paperorchestra.literature.Fixtures.record;
import static org.assertj.core.api.Assertions.assertThat;

import dev.paperorchestra.literature.replay.ScholarReplayStore;
import dev.paperorchestra.base.errors.PermanentException;
import dev.paperorchestra.schemas.Candidate;
import dev.paperorchestra.schemas.CitationVerdict;
import dev.paperorchestra.schemas.CitationVerificationRequestedEvent;
import dev.paperorchestra.schemas.LlmMode;
import dev.paperorchestra.schemas.ScholarRecord;
import dev.paperorchestra.schemas.ScholarSearch;
import dev.paperorchestra.schemas.VerifyRequestKind;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class CitationVerifierTest {

    private static final CitationVerifier.SearchLimits LIMITS = new CitationVerifier.SearchLimits(3, 2);

    private final ScholarRecord resnet = record("s2-resnet", "Deep Residual Learning for Image Recognition")
            .setDoi("10.1109/CVPR.2016.90").build();
    private final ScholarRecord transformer = record("s2-attention", "Attention Is All You Need")
            .setArxivId("1706.03762").build();
    private final ScholarRecord kitti = record("s2-kitti", "Are we ready for Autonomous Driving? The KITTI Vision Benchmark Suite")
            .build();
    private final RecordingSource source = new RecordingSource(
            new OfflineScholarReplay(new ScholarReplayStore(List.of(resnet, transformer, kitti))));
    private final InMemoryScholarCache cache = new InMemoryScholarCache();
    private final CitationVerifier verifier = verifier(500);

    private CitationVerifier verifier(int idBatchSize) {
        return new CitationVerifier(new ScholarSources(records -> source, source, false), cache, new CitationAcceptance(70, 5),
                idBatchSize, LIMITS);
    }

    private static CitationVerificationRequestedEvent request(Candidate... candidates) {
        return request("p1", candidates);
    }

    private static CitationVerificationRequestedEvent request(String paperId, Candidate... candidates) {
        return CitationVerificationRequestedEvent.newBuilder().setRequestId(paperId + "/verify-1").setPaperId(paperId)
                .setCutoffDate("2024-11-01").setCandidates(List.of(candidates)).setLlmMode(LlmMode.OFFLINE).build();
    }

    @Test
    void resolves_the_ids_of_several_papers_requests_in_one_shared_batch() {
        List<CitationVerifier.Result> results = verifier.verifyAll(List.of(
                request("p1", candidate("Deep Residual Learning for Image Recognition").setDoi("10.1109/CVPR.2016.90")
                        .build()),
                request("p2", candidate("Attention is all you need").setArxivId("1706.03762").build(),
                        candidate("Deep Residual Learning for Image Recognition").setDoi("10.1109/CVPR.2016.90")
                                .build()),
                request("p3", candidate("KITTI paper").setS2PaperId("s2-kitti").build())));

        assertThat(source.calls).containsExactly("ids [doi:10.1109/cvpr.2016.90, arxiv:1706.03762, s2:s2-kitti]");
        List<CitationVerifier.Outcome> outcomes = results.stream()
                .map(result -> ((CitationVerifier.Result.Verified) result).outcome()).toList();
        assertThat(outcomes).extracting(CitationVerifier.Outcome::requests).containsExactly(1, 0, 0);
        assertThat(outcomes.get(1).lookups()).extracting(CitationVerifier.Lookup::key)
                .containsExactly("arxiv:1706.03762");
        assertThat(outcomes.get(1).cacheHits()).isEqualTo(1);
        assertThat(outcomes.get(2).verdicts().getFirst().getRecord()).isEqualTo(kitti);
        assertThat(outcomes.get(0).verdicts().getFirst().getAccepted()).isTrue();
    }

    @Test
    void counts_offline_replay_lookups_apart_from_semantic_scholar_requests() {
        CitationVerificationRequestedEvent request = request(
                candidate("Deep Residual Learning for Image Recognition").setDoi("10.1109/CVPR.2016.90").build(),
                candidate("Are we ready for autonomous driving? The KITTI vision benchmark suite").build());

        CitationVerifier.Outcome replayed = verifier.verify(request);

        assertThat(replayed.source()).isEqualTo(OfflineScholarReplay.NAME);
        assertThat(replayed.replayLookups()).isEqualTo(2);
        assertThat(replayed.scholarRequests()).isZero();

        RecordingSource live = new RecordingSource(
                new OfflineScholarReplay(new ScholarReplayStore(List.of(resnet, kitti))), "semantic-scholar", false);
        CitationVerifier.Outcome requested = new CitationVerifier(new ScholarSources(records -> live, live, false),
                new InMemoryScholarCache(), new CitationAcceptance(70, 5), 500, LIMITS).verify(request);

        assertThat(requested.source()).isEqualTo("semantic-scholar");
        assertThat(requested.scholarRequests()).isEqualTo(2);
        assertThat(requested.replayLookups()).isZero();
        assertThat(requested.verdicts()).extracting(CitationVerdict::getAccepted).containsExactly(true, true);
    }

    @Test
    void fails_only_the_request_whose_own_part_fails() {
        CitationVerificationRequestedEvent broken = CitationVerificationRequestedEvent.newBuilder(
                request("p2", candidate("Attention Is All You Need").build())).setCutoffDate("late 2024").build();

        List<CitationVerifier.Result> results = verifier.verifyAll(List.of(
                request("p1", candidate("Deep Residual Learning for Image Recognition").build()), broken));

        assertThat(results.get(0)).isInstanceOf(CitationVerifier.Result.Verified.class);
        assertThat(results.get(1)).isInstanceOfSatisfying(CitationVerifier.Result.Failed.class,
                failed -> assertThat(failed.failure()).hasMessageContaining("late 2024"));
    }

    @Test
    void resolves_identified_candidates_in_one_batch_before_any_title_lookup() {
        CitationVerifier.Outcome outcome = verifier.verify(request(
                candidate("Are we ready for autonomous driving? The KITTI vision benchmark suite").build(),
                candidate("Deep Residual Learning for Image Recognition").setDoi("10.1109/cvpr.2016.90").build(),
                candidate("Attention is all you need").setArxivId("arXiv:1706.03762v5").build()));

        assertThat(source.calls).containsExactly(
                "ids [doi:10.1109/cvpr.2016.90, arxiv:1706.03762]",
                "title Are we ready for autonomous driving? The KITTI vision benchmark suite");
        assertThat(outcome.requests()).isEqualTo(2);
        assertThat(outcome.verdicts()).extracting(CitationVerdict::getAccepted).containsExactly(true, true, true);
        assertThat(outcome.lookups()).extracting(CitationVerifier.Lookup::key).containsExactly(
                "doi:10.1109/cvpr.2016.90", "arxiv:1706.03762",
                "title:are we ready for autonomous driving the kitti vision benchmark suite");
    }

    @Test
    void falls_back_to_the_title_when_an_id_is_unknown() {
        CitationVerifier.Outcome outcome = verifier.verify(request(
                candidate("Deep Residual Learning for Image Recognition").setDoi("10.9999/wrong").build()));

        assertThat(source.calls).containsExactly("ids [doi:10.9999/wrong]",
                "title Deep Residual Learning for Image Recognition");
        assertThat(outcome.verdicts().getFirst().getRecord()).isEqualTo(resnet);
        assertThat(outcome.lookups()).extracting(CitationVerifier.Lookup::found).containsExactly(false, true);
    }

    @Test
    void looks_a_title_up_once_per_request() {
        CitationVerifier.Outcome outcome = verifier.verify(request(
                candidate("Attention Is All You Need").build(), candidate("attention is all you need.").build()));

        assertThat(source.calls).hasSize(1);
        assertThat(outcome.requests()).isEqualTo(1);
        assertThat(outcome.verdicts()).hasSize(2);
    }

    @Test
    void rejects_a_candidate_the_source_cannot_match() {
        CitationVerifier.Outcome outcome = verifier.verify(request(candidate("Quantum Gravity of Sourdough").build()));

        CitationVerdict verdict = outcome.verdicts().getFirst();
        assertThat(verdict.getAccepted()).isFalse();
        assertThat(verdict.getReason()).isEqualTo("no match in offline-replay");
        assertThat(verdict.getRejection()).isEqualTo("no-match");
        assertThat(verdict.getRecord()).isNull();
        assertThat(outcome.lookups()).singleElement().satisfies(lookup -> assertThat(lookup.found()).isFalse());
    }

    @Test
    void splits_ids_into_batches_of_the_configured_size() {
        CitationVerifier small = verifier(1);

        CitationVerifier.Outcome outcome = small.verify(request(
                candidate("Deep Residual Learning for Image Recognition").setDoi("10.1109/CVPR.2016.90").build(),
                candidate("Attention Is All You Need").setArxivId("1706.03762").build()));

        assertThat(outcome.requests()).isEqualTo(2);
        assertThat(outcome.verdicts()).allMatch(CitationVerdict::getAccepted);
    }

    @Test
    void applies_the_request_cutoff() {
        CitationVerificationRequestedEvent early = CitationVerificationRequestedEvent.newBuilder(
                request(candidate("Attention Is All You Need").build())).setCutoffDate("2019-01").build();

        assertThat(verifier.verify(early).verdicts().getFirst().getReason())
                .isEqualTo("published 2020-06-01, not before cutoff 2019-01-01");
    }

    @Test
    void asks_the_source_nothing_for_answers_in_the_cache() {
        CitationVerificationRequestedEvent request = request(
                candidate("Deep Residual Learning for Image Recognition").setDoi("10.1109/CVPR.2016.90").build(),
                candidate("Attention Is All You Need").build(), candidate("Quantum Gravity of Sourdough").build());
        CitationVerifier.Outcome first = verifier.verify(request);
        source.calls.clear();

        CitationVerifier.Outcome second = verifier.verify(request);

        assertThat(source.calls).isEmpty();
        assertThat(second.requests()).isZero();
        assertThat(second.cacheHits()).isEqualTo(3);
        assertThat(second.lookups()).isEmpty();
        assertThat(second.verdicts()).isEqualTo(first.verdicts());
        assertThat(first.cacheHits()).isZero();
        assertThat(first.resolvedByRequests()).isEqualTo(2);
    }

    @Test
    void keeps_cached_answers_apart_per_source() {
        cache.remember("semantic-scholar", LookupKeys.title("Attention Is All You Need"), null);

        CitationVerifier.Outcome outcome = verifier.verify(request(candidate("Attention Is All You Need").build()));

        assertThat(outcome.cacheHits()).isZero();
        assertThat(outcome.verdicts().getFirst().getAccepted()).isTrue();
    }

    @Test
    void never_answers_a_paper_from_the_cached_replay_of_another_papers_record_store() {
        ScholarRecord otherResnet = record("s2-other", "Deep Residual Learning for Image Recognition")
                .setDoi("10.1109/CVPR.2016.90").setYear(2030).setPublicationDate("2030-01-01").build();
        ScholarReplayStore mine = new ScholarReplayStore(List.of(resnet));
        ScholarReplayStore theirs = new ScholarReplayStore(List.of(otherResnet));
        CitationVerifier perJob = new CitationVerifier(new ScholarSources(
                records -> new OfflineScholarReplay(records == null ? mine : theirs), source, false), cache,
                new CitationAcceptance(70, 5), 500, LIMITS);
        Candidate byDoi = candidate("Deep Residual Learning for Image Recognition").setDoi("10.1109/CVPR.2016.90")
                .build();
        CitationVerificationRequestedEvent first = request("p1", byDoi);
        CitationVerificationRequestedEvent second = CitationVerificationRequestedEvent.newBuilder(request("p2", byDoi))
                .setScholarRecords(dev.paperorchestra.schemas.ArtifactRef.newBuilder().setUri("blob:theirs")
                        .setSha256("theirs").setSizeBytes(1).setMediaType("application/json").build())
                .build();

        CitationVerifier.Outcome mineAnswered = perJob.verify(first);
        CitationVerifier.Outcome theirsAnswered = perJob.verify(second);
        CitationVerifier.Outcome mineAgain = perJob.verify(first);

        assertThat(mineAnswered.verdicts().getFirst().getRecord()).isEqualTo(resnet);
        assertThat(theirsAnswered.cacheHits()).isZero();
        assertThat(theirsAnswered.verdicts().getFirst().getRecord()).isEqualTo(otherResnet);
        assertThat(mineAgain.cacheHits()).isEqualTo(1);
        assertThat(mineAgain.verdicts().getFirst().getRecord()).isEqualTo(resnet);
        assertThat(mineAnswered.cacheScope()).startsWith("offline-replay@").isNotEqualTo(theirsAnswered.cacheScope());
        assertThat(mineAnswered.source()).isEqualTo(theirsAnswered.source()).isEqualTo("offline-replay");
    }

    @Test
    void answers_a_search_request_with_the_accepted_bulk_search_records_keeping_every_id() {
        ScholarRecord late = record("s2-late", "A Paper From After The Cutoff").setPublicationDate("2025-01-10")
                .setYear(2025).build();
        ScholarRecord bare = record("s2-bare", "A Paper Without Abstract").setAbstractText(null).build();
        PagedSource bulk = new PagedSource(List.of(
                new ScholarSource.BulkSearchPage(List.of(resnet, late, bare), "page-2"),
                new ScholarSource.BulkSearchPage(List.of(transformer, resnet), null)));
        CitationVerifier searching = new CitationVerifier(new ScholarSources(records -> bulk, bulk, false), cache,
                new CitationAcceptance(70, 5), 500, LIMITS);

        CitationVerifier.Outcome outcome = searching.verify(search("p1", "2024-11-01"));

        assertThat(bulk.calls).containsExactly("bulk \"residual learning\" | transformer until 2024 from null",
                "bulk \"residual learning\" | transformer until 2024 from page-2");
        assertThat(outcome.verdicts()).allMatch(CitationVerdict::getAccepted)
                .extracting(verdict -> verdict.getRecord().getScholarId()).containsExactly("s2-resnet", "s2-attention");
        Candidate found = outcome.verdicts().getFirst().getCandidate();
        assertThat(found.getS2PaperId()).isEqualTo("s2-resnet");
        assertThat(found.getDoi()).isEqualTo("10.1109/CVPR.2016.90");
        assertThat(found.getQuery()).isEqualTo("Find the papers that introduced residual learning and transformers");
        assertThat(found.getClusterTitle()).isEqualTo("Backbones");
        assertThat(outcome.verdicts().get(1).getCandidate().getArxivId()).isEqualTo("1706.03762");
        assertThat(outcome.requests()).isEqualTo(2);
        assertThat(outcome.resolvedByRequests()).isEqualTo(2);
        assertThat(outcome.lookups()).extracting(CitationVerifier.Lookup::key).containsExactly("s2:s2-resnet",
                "doi:10.1109/cvpr.2016.90", "s2:s2-attention", "arxiv:1706.03762");

        CitationVerifier.Outcome later = searching.verify(request("p2",
                candidate("Deep Residual Learning for Image Recognition").setDoi("10.1109/CVPR.2016.90").build()));

        assertThat(later.requests()).isZero();
        assertThat(later.cacheHits()).isEqualTo(1);
    }

    @Test
    void a_search_stops_asking_for_pages_once_it_holds_the_records_it_keeps() {
        PagedSource bulk = new PagedSource(List.of(
                new ScholarSource.BulkSearchPage(List.of(resnet, transformer), "page-2"),
                new ScholarSource.BulkSearchPage(List.of(kitti), null)));
        CitationVerifier searching = new CitationVerifier(new ScholarSources(records -> bulk, bulk, false), cache,
                new CitationAcceptance(70, 5), 500, new CitationVerifier.SearchLimits(1, 2));

        CitationVerifier.Outcome outcome = searching.verify(search("p1", null));

        assertThat(bulk.calls).containsExactly("bulk \"residual learning\" | transformer until null from null");
        assertThat(outcome.verdicts()).hasSize(1);
    }

    @Test
    void answers_a_refused_search_with_no_records_instead_of_failing_the_paper() {
        PagedSource bulk = new PagedSource(List.of());
        CitationVerifier searching = new CitationVerifier(new ScholarSources(records -> bulk, bulk, false), cache,
                new CitationAcceptance(70, 5), 500, LIMITS);

        CitationVerifier.Outcome outcome = searching.verify(search("p1", "2024-11-01"));

        assertThat(outcome.verdicts()).isEmpty();
        assertThat(outcome.requests()).isEqualTo(1);
    }

    private static CitationVerificationRequestedEvent search(String paperId, String cutoff) {
        return CitationVerificationRequestedEvent.newBuilder().setRequestId(paperId + "/search-1").setPaperId(paperId)
                .setCutoffDate(cutoff).setCandidates(List.of()).setLlmMode(LlmMode.MODEL)
                .setKind(VerifyRequestKind.SEARCH).setSearch(ScholarSearch.newBuilder()
                        .setKeywords("\"residual learning\" | transformer")
                        .setQuery("Find the papers that introduced residual learning and transformers")
                        .setPurpose("related-work").setClusterTitle("Backbones").build())
                .build();
    }

    /** A live-like source whose bulk search answers the given pages in turn. */
    private static final class PagedSource implements ScholarSource {

        private final List<BulkSearchPage> pages;
        private final List<String> calls = new ArrayList<>();

        PagedSource(List<BulkSearchPage> pages) {
            this.pages = pages;
        }

        @Override
        public String name() {
            return "semantic-scholar";
        }

        @Override
        public boolean replay() {
            return false;
        }

        @Override
        public Map<String, ScholarRecord> resolveByIds(List<String> lookupKeys) {
            calls.add("ids " + lookupKeys);
            return Map.of();
        }

        @Override
        public Optional<ScholarRecord> matchTitle(String title) {
            calls.add("title " + title);
            return Optional.empty();
        }

        @Override
        public BulkSearchPage searchBulk(String keywords, Integer untilYear, String token) {
            calls.add("bulk " + keywords + " until " + untilYear + " from " + token);
            if (calls.size() > pages.size()) {
                throw new PermanentException("Semantic Scholar bulk request answered HTTP 400: bad query");
            }
            return pages.get(calls.size() - 1);
        }

        @Override
        public long requestsMade() {
            return calls.size();
        }
    }

    @Test
    void records_the_rejection_category_of_a_failed_rule() {
        CitationVerificationRequestedEvent early = CitationVerificationRequestedEvent.newBuilder(
                request(candidate("Attention Is All You Need").build())).setCutoffDate("2019-01").build();

        assertThat(verifier.verify(early).verdicts().getFirst().getRejection()).isEqualTo("not-before-cutoff");
    }

    @Test
    void sends_offline_jobs_to_the_replay_unless_the_live_source_was_configured_explicitly() {
        RecordingSource live = new RecordingSource(new OfflineScholarReplay(new ScholarReplayStore(List.of())));
        assertThat(new ScholarSources(records -> source, live, false).forJob(LlmMode.OFFLINE, null)).isSameAs(source);
        assertThat(new ScholarSources(records -> source, live, true).forJob(LlmMode.OFFLINE, null)).isSameAs(live);
        assertThat(new ScholarSources(records -> source, live, false).forJob(LlmMode.MODEL, null)).isSameAs(live);
        assertThat(new ScholarSources(records -> source, live, false).forJob(null, null)).isSameAs(live);
    }

    /** Records what the verifier asks the source, in order. */
    private static final class RecordingSource implements ScholarSource {

        private final ScholarSource delegate;
        private final String name;
        private final boolean replay;
        private final List<String> calls = new ArrayList<>();

        RecordingSource(ScholarSource delegate) {
            this(delegate, delegate.name(), delegate.replay());
        }

        /** The delegate's answers under another name and kind, e.g. as a live service would give them. */
        RecordingSource(ScholarSource delegate, String name, boolean replay) {
            this.delegate = delegate;
            this.name = name;
            this.replay = replay;
        }

        @Override
        public String name() {
            return name;
        }

        @Override
        public boolean replay() {
            return replay;
        }

        @Override
        public String cacheScope() {
            return name.equals(delegate.name()) ? delegate.cacheScope() : name;
        }

        @Override
        public Map<String, ScholarRecord> resolveByIds(List<String> lookupKeys) {
            calls.add("ids " + lookupKeys);
            return delegate.resolveByIds(lookupKeys);
        }

        @Override
        public Optional<ScholarRecord> matchTitle(String title) {
            calls.add("title " + title);
            return delegate.matchTitle(title);
        }

        @Override
        public long requestsMade() {
            return delegate.requestsMade();
        }
    }
}
