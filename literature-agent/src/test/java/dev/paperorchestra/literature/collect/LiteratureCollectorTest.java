package dev.paperorchestra.literature.collect;

import static dev.paperorchestra.literature.Fixtures.candidate;
import static dev.paperorchestra.literature.Fixtures.context;
import static dev.paperorchestra.literature.Fixtures.ref;
import static dev.paperorchestra.literature.Fixtures.rejected;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.paperorchestra.runtime.streams.Step;
import dev.paperorchestra.schemas.ArtifactRef;
import dev.paperorchestra.schemas.Candidate;
import dev.paperorchestra.schemas.CitationVerificationRequestedEvent;
import dev.paperorchestra.schemas.CitationsVerifiedEvent;
import dev.paperorchestra.schemas.LiteratureCandidatesFoundEvent;
import dev.paperorchestra.schemas.LiteratureDraftRequestedEvent;
import dev.paperorchestra.schemas.LlmMode;
import dev.paperorchestra.schemas.PaperContext;
import dev.paperorchestra.schemas.PaperStatusChangedEvent;
import dev.paperorchestra.schemas.StageState;
import dev.paperorchestra.schemas.ScholarSearch;
import dev.paperorchestra.schemas.VerifyRequestKind;
import dev.paperorchestra.schemas.state.LiteratureCollectionState;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.avro.specific.SpecificRecord;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;

class LiteratureCollectorTest {

    private static final Instant NOW = Instant.parse("2025-01-10T09:05:00Z");

    private final List<LiteratureDraftRequestedEvent> finished = new ArrayList<>();
    private final LiteratureCollector collector = new LiteratureCollector(Clock.fixed(NOW, ZoneOffset.UTC));

    private @Nullable LiteratureCollectionState state;

    private static LiteratureCandidatesFoundEvent answer(String task, int taskCount, Candidate... candidates) {
        return LiteratureCandidatesFoundEvent.newBuilder().setTaskId("p1/" + task).setContext(context("p1", "2024-11-01"))
                .setTaskCount(taskCount).setCandidates(List.of(candidates)).setSource("offline-replay").build();
    }

    private static CitationsVerifiedEvent verdicts(String requestId, int scholarRequests) {
        return CitationsVerifiedEvent.newBuilder().setRequestId(requestId).setPaperId("p1")
                .setVerdicts(List.of(rejected(candidate("x").build(), "no abstract")))
                .setScholarRequests(scholarRequests).setSource("offline-replay").build();
    }

    private List<SpecificRecord> apply(SpecificRecord event) {
        Step<LiteratureCollectionState> step = collector.apply(state, event);
        state = step.nextState();
        List<SpecificRecord> outputs = step.outputs().stream().<SpecificRecord>map(Step.Output::event).toList();
        outputs.stream().filter(LiteratureDraftRequestedEvent.class::isInstance)
                .map(LiteratureDraftRequestedEvent.class::cast).forEach(finished::add);
        return outputs;
    }

    private static CitationVerificationRequestedEvent onlyRequest(List<SpecificRecord> outputs) {
        assertThat(outputs).hasSize(1).first().isInstanceOf(CitationVerificationRequestedEvent.class);
        return (CitationVerificationRequestedEvent) outputs.getFirst();
    }

    @Test
    void sends_new_candidates_to_verification_with_the_job_cutoff() {
        CitationVerificationRequestedEvent request = onlyRequest(apply(answer("lit-0", 2,
                candidate("Paper A").build(), candidate("Paper B").build())));

        assertThat(request.getRequestId()).isEqualTo("p1/verify-1");
        assertThat(request.getPaperId()).isEqualTo("p1");
        assertThat(request.getCutoffDate()).isEqualTo("2024-11-01");
        assertThat(request.getCandidates()).extracting(Candidate::getTitle).containsExactly("Paper A", "Paper B");
        assertThat(state.getPendingRequests()).containsExactly("p1/verify-1");
        assertThat(state.getCandidateCount()).isEqualTo(2);
    }

    @Test
    void a_verification_request_carries_the_jobs_scholar_records() {
        ArtifactRef records = ref("scholar-records");
        PaperContext context = context("p1", "2024-11-01");
        context.getMaterials().setScholarRecords(records);
        LiteratureCandidatesFoundEvent found = LiteratureCandidatesFoundEvent.newBuilder(answer("lit-0", 1,
                candidate("Paper A").build())).setContext(context).build();

        assertThat(onlyRequest(apply(found)).getScholarRecords()).isEqualTo(records);
    }

    @Test
    void does_not_resend_a_candidate_seen_under_its_title_doi_or_arxiv_id() {
        apply(answer("lit-0", 3, candidate("Paper A").setDoi("10.1/A").build(),
                candidate("Paper B").setArxivId("2101.00001").build()));

        CitationVerificationRequestedEvent second = onlyRequest(apply(answer("lit-1", 3,
                candidate("paper a.").build(),
                candidate("Paper A, retitled").setDoi("10.1/a").build(),
                candidate("Paper B v2").setArxivId("arXiv:2101.00001v2").build(),
                candidate("Paper C").build(),
                candidate("PAPER C").build())));

        assertThat(second.getCandidates()).extracting(Candidate::getTitle).containsExactly("Paper C");
        assertThat(state.getCandidateCount()).isEqualTo(3);
    }

    @Test
    void sends_nothing_when_every_candidate_was_seen() {
        apply(answer("lit-0", 3, candidate("Paper A").build()));

        assertThat(apply(answer("lit-1", 3, candidate("Paper A").build()))).isEmpty();
        assertThat(state.getPendingRequests()).containsExactly("p1/verify-1");
    }

    @Test
    void ignores_a_repeated_answer_to_the_same_task() {
        apply(answer("lit-0", 2, candidate("Paper A").build()));
        LiteratureCollectionState before = state;

        assertThat(apply(answer("lit-0", 2, candidate("Paper Z").build()))).isEmpty();
        assertThat(state).isEqualTo(before);
    }

    @Test
    void requests_the_draft_when_tasks_answered_out_of_order_and_verdicts_are_in() {
        apply(answer("lit-2", 3, candidate("Paper C").build()));
        apply(answer("lit-0", 3));
        apply(verdicts("p1/verify-1", 1));
        assertThat(finished).isEmpty();

        List<SpecificRecord> outputs = apply(answer("lit-1", 3));

        assertThat(state).isNull();
        assertThat(outputs).singleElement().isInstanceOfSatisfying(LiteratureDraftRequestedEvent.class, request -> {
            assertThat(request.getContext().getPaperId()).isEqualTo("p1");
            assertThat(request.getVerdicts()).hasSize(1);
            assertThat(request.getCandidateCount()).isEqualTo(1);
            assertThat(request.getScholarRequests()).isEqualTo(1);
            assertThat(request.getContext().getTimings()).as("timed when drafted, not when gathered").isEmpty();
        });
    }

    @Test
    void sums_the_counts_of_discovery_and_verification_into_the_draft_request() {
        apply(answer("lit-0", 2, candidate("Paper A").build(), candidate("paper a").build()));
        apply(answer("lit-1", 2, candidate("Paper B").build()));
        apply(CitationsVerifiedEvent.newBuilder().setRequestId("p1/verify-1").setPaperId("p1")
                .setVerdicts(List.of(rejected(candidate("Paper A").build(), "no-abstract", "no abstract")))
                .setScholarRequests(1).setCacheHits(0).setResolvedByRequests(1).setSource("semantic-scholar").build());

        apply(CitationsVerifiedEvent.newBuilder().setRequestId("p1/verify-2")
                .setPaperId("p1").setVerdicts(List.of(rejected(candidate("Paper B").build(), "no match in s2"),
                        rejected(candidate("Paper C").build(), "no-abstract", "no abstract")))
                .setScholarRequests(0).setCacheHits(2).setResolvedByRequests(0).setSource("semantic-scholar").build());

        assertThat(finished).singleElement().satisfies(request -> {
            assertThat(request.getCandidatesFound()).isEqualTo(3);
            assertThat(request.getCandidateCount()).isEqualTo(2);
            assertThat(request.getScholarRequests()).isEqualTo(1);
            assertThat(request.getCacheHits()).isEqualTo(2);
            assertThat(request.getResolvedByRequests()).isEqualTo(1);
            assertThat(request.getVerdicts()).hasSize(3);
        });
    }

    @Test
    void carries_the_answering_source_and_its_replay_lookups_apart_from_scholar_requests() {
        apply(answer("lit-0", 2, candidate("Paper A").build()));
        apply(answer("lit-1", 2, candidate("Paper B").build()));
        apply(CitationsVerifiedEvent.newBuilder(verdicts("p1/verify-1", 0)).setReplayLookups(2).build());

        apply(CitationsVerifiedEvent.newBuilder(verdicts("p1/verify-2", 0)).setReplayLookups(1).setCacheHits(1)
                .build());

        assertThat(finished).singleElement().satisfies(request -> {
            assertThat(request.getScholarSource()).isEqualTo("offline-replay");
            assertThat(request.getReplayLookups()).isEqualTo(3);
            assertThat(request.getScholarRequests()).isZero();
            assertThat(request.getCacheHits()).isEqualTo(1);
        });
    }

    @Test
    void carries_the_job_model_mode_to_the_verifier() {
        CitationVerificationRequestedEvent request = onlyRequest(apply(answer("lit-0", 2, candidate("A").build())));

        assertThat(request.getLlmMode()).isEqualTo(LlmMode.OFFLINE);
    }

    @Test
    void waits_for_pending_verification_after_the_last_task() {
        apply(answer("lit-0", 2, candidate("Paper A").build()));
        apply(answer("lit-1", 2, candidate("Paper B").build()));
        assertThat(state.getPendingRequests()).containsExactly("p1/verify-1", "p1/verify-2");

        apply(verdicts("p1/verify-2", 1));
        assertThat(finished).isEmpty();

        apply(verdicts("p1/verify-1", 2));
        assertThat(finished).singleElement().satisfies(done -> {
            assertThat(done.getVerdicts()).hasSize(2);
            assertThat(done.getScholarRequests()).isEqualTo(3);
        });
    }

    @Test
    void sends_a_handed_over_keyword_search_to_the_verifier_and_waits_for_its_records() {
        ScholarSearch search = ScholarSearch.newBuilder().setKeywords("\"depth completion\" | KITTI")
                .setQuery("Find the papers on depth completion and KITTI").setPurpose("related-work")
                .setClusterTitle("Depth").build();

        List<SpecificRecord> outputs = apply(LiteratureCandidatesFoundEvent.newBuilder(answer("lit-0", 1,
                candidate("Paper A").build())).setScholarSearch(search).build());

        assertThat(outputs).hasSize(2).allMatch(CitationVerificationRequestedEvent.class::isInstance);
        CitationVerificationRequestedEvent searchRequest = (CitationVerificationRequestedEvent) outputs.get(1);
        assertThat(searchRequest.getKind()).isEqualTo(VerifyRequestKind.SEARCH);
        assertThat(searchRequest.getSearch()).isEqualTo(search);
        assertThat(searchRequest.getCandidates()).isEmpty();
        assertThat(searchRequest.getCutoffDate()).isEqualTo("2024-11-01");
        assertThat(state.getPendingRequests()).containsExactly("p1/verify-1", "p1/search-1");

        apply(verdicts("p1/verify-1", 1));
        assertThat(finished).isEmpty();
        apply(CitationsVerifiedEvent.newBuilder(verdicts("p1/search-1", 1)).setKind(VerifyRequestKind.SEARCH)
                .build());
        assertThat(finished).singleElement().satisfies(done -> assertThat(done.getVerdicts()).hasSize(2));
    }

    @Test
    void completes_a_paper_whose_tasks_found_nothing() {
        apply(answer("lit-0", 1));

        assertThat(finished).hasSize(1);
        assertThat(state).isNull();
    }

    @Test
    void ignores_a_repeated_verification_result() {
        apply(answer("lit-0", 2, candidate("Paper A").build()));
        apply(verdicts("p1/verify-1", 1));

        apply(verdicts("p1/verify-1", 1));

        assertThat(state.getVerdicts()).hasSize(1);
        assertThat(state.getScholarRequests()).isEqualTo(1);
    }

    @Test
    void ignores_a_verification_result_for_a_finished_paper() {
        assertThat(apply(verdicts("p1/verify-9", 1))).isEmpty();
        assertThat(state).isNull();
    }

    @Test
    void leaves_an_answer_to_a_request_another_client_made_to_that_client() {
        apply(answer("lit-0", 1, candidate("Paper A").build()));
        CitationsVerifiedEvent references = CitationsVerifiedEvent.newBuilder(verdicts("p1/references-5f2c", 4))
                .setKind(VerifyRequestKind.REFERENCES).build();

        assertThat(apply(references)).isEmpty();

        assertThat(finished).isEmpty();
        assertThat(state.getPendingRequests()).containsExactly("p1/verify-1");
        assertThat(state.getScholarRequests()).isZero();
    }

    @Test
    void refuses_events_it_does_not_collect() {
        assertThatThrownBy(() -> collector.apply(null, context("p1", null)))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
