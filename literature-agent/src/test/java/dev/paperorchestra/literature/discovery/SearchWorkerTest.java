package dev.paperorchestra.literature.discovery;

import static dev.paperorchestra.literature.Fixtures.context;
import static dev.paperorchestra.literature.Fixtures.record;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.paperorchestra.literature.plan.Purpose;
import dev.paperorchestra.literature.plan.SearchQuery;
import dev.paperorchestra.literature.replay.ScholarReplayStore;
import dev.paperorchestra.base.errors.PermanentException;
import dev.paperorchestra.gateway.LlmGateway;
import dev.paperorchestra.gateway.LlmRequest;
import dev.paperorchestra.gateway.LlmResponse;
import dev.paperorchestra.gateway.LlmRole;
import dev.paperorchestra.gateway.UnconfiguredLlmGateway;
import dev.paperorchestra.schemas.Candidate;
import dev.paperorchestra.schemas.JobOptions;
import dev.paperorchestra.schemas.LiteratureCandidatesFoundEvent;
import dev.paperorchestra.schemas.LiteratureSearchTaskCreatedEvent;
import dev.paperorchestra.schemas.LlmMode;
import dev.paperorchestra.schemas.PaperContext;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class SearchWorkerTest {

    private final OfflineReplayDiscovery offline = new OfflineReplayDiscovery(new ScholarReplayStore(List.of(
            record("s1", "Sparsity Invariant CNNs").setAbstractText("Sparse depth upsampling.").build())), 4);

    private static LiteratureSearchTaskCreatedEvent task(LlmMode mode) {
        PaperContext offlineContext = context("p1", "2024-11-01");
        PaperContext context = PaperContext.newBuilder(offlineContext).setOptions(
                JobOptions.newBuilder(offlineContext.getOptions()).setLlmMode(mode).build()).build();
        return LiteratureSearchTaskCreatedEvent.newBuilder().setTaskId("p1/lit-3").setContext(context)
                .setQuery("sparse depth").setPurpose(Purpose.RELATED_WORK).setClusterTitle("Depth Completion")
                .setTaskCount(7).build();
    }

    @Test
    void answers_an_offline_task_from_the_replay_store() {
        LiteratureCandidatesFoundEvent answer = new SearchWorker(records -> offline, new ModelDiscovery(
                new UnconfiguredLlmGateway(), "literature-agent", 4)).answer(task(LlmMode.OFFLINE));

        assertThat(answer.getTaskId()).isEqualTo("p1/lit-3");
        assertThat(answer.getTaskCount()).isEqualTo(7);
        assertThat(answer.getSource()).isEqualTo("offline-replay");
        assertThat(answer.getCandidates()).extracting(Candidate::getTitle).containsExactly("Sparsity Invariant CNNs");
    }

    @Test
    void fails_a_model_task_without_a_provider_instead_of_falling_back_to_offline_records() {
        SearchWorker worker = new SearchWorker(records -> offline, new ModelDiscovery(new UnconfiguredLlmGateway(),
                "literature-agent", 4));

        assertThatThrownBy(() -> worker.answer(task(LlmMode.MODEL))).isInstanceOf(PermanentException.class)
                .hasMessageContaining("searcher");
    }

    @Test
    void reads_the_searchers_candidates_for_a_model_task() {
        List<LlmRequest> requests = new ArrayList<>();
        LlmGateway gateway = new LlmGateway() {
            @Override
            public LlmResponse call(LlmRequest request) {
                requests.add(request);
                return new LlmResponse("""
                        {"candidates": [{"title": "Sparsity Invariant CNNs", "year": 2017, "arxivId": "1708.06500",
                          "relevance": "sparse inputs"}, {"year": 2020}]}""", "stub", "stub-model", 10, 10, false);
            }

        };

        LiteratureCandidatesFoundEvent answer = new SearchWorker(records -> offline,
                new ModelDiscovery(gateway, "literature-agent", 4)).answer(task(LlmMode.MODEL));

        assertThat(requests).singleElement().satisfies(request -> {
            assertThat(request.role()).isEqualTo(LlmRole.SEARCHER);
            assertThat(request.paperId()).isEqualTo("p1");
        });
        assertThat(answer.getSource()).isEqualTo("llm-searcher");
        assertThat(answer.getCandidates()).singleElement().satisfies(candidate -> {
            assertThat(candidate.getArxivId()).isEqualTo("1708.06500");
            assertThat(candidate.getYear()).isEqualTo(2017);
            assertThat(candidate.getClusterTitle()).isEqualTo("Depth Completion");
        });
    }

    @Test
    void turns_the_searchers_grounding_sources_into_candidates() {
        LlmGateway gateway = scripted(new LlmResponse("{\"candidates\": []}", "stub", "stub-model", 1, 1, false,
                List.of(new LlmResponse.Source("[1708.06500] Sparsity Invariant CNNs", "https://arxiv.org/abs/1708.06500v2"),
                        new LlmResponse.Source("Deep Residual Learning for Image Recognition - IEEE Xplore",
                                "https://doi.org/10.1109/CVPR.2016.90"),
                        new LlmResponse.Source("arxiv.org", "https://vertexaisearch.example/redirect/1"))));

        List<Candidate> candidates = new ModelDiscovery(gateway, "literature-agent", 4).search("p1",
                new SearchQuery("sparse depth", Purpose.RELATED_WORK, "Depth"));

        assertThat(candidates).extracting(Candidate::getTitle)
                .containsExactly("Sparsity Invariant CNNs", "Deep Residual Learning for Image Recognition");
        assertThat(candidates.get(0).getArxivId()).isEqualTo("1708.06500v2");
        assertThat(candidates.get(1).getDoi()).isEqualTo("10.1109/CVPR.2016.90");
    }

    @Test
    void asks_the_planner_to_recall_exact_titles() {
        List<LlmRequest> requests = new ArrayList<>();
        LlmGateway gateway = scripted(new LlmResponse("{\"papers\": [{\"title\": \"Sparsity Invariant CNNs\","
                + " \"year\": 2017}, {\"title\": \" \"}]}", "stub", "stub-model", 1, 1, false), requests);

        List<Candidate> candidates = new RecallDiscovery(gateway, "literature-agent", 4).search("p1",
                new SearchQuery("sparse depth", Purpose.RELATED_WORK, "Depth"));

        assertThat(requests).singleElement().extracting(LlmRequest::role).isEqualTo(LlmRole.PLANNER);
        assertThat(candidates).singleElement().satisfies(candidate -> {
            assertThat(candidate.getTitle()).isEqualTo("Sparsity Invariant CNNs");
            assertThat(candidate.getYear()).isEqualTo(2017);
        });
    }

    private static LlmGateway scripted(LlmResponse response) {
        return scripted(response, new ArrayList<>());
    }

    /** A gateway that records each request and answers them all with one recorded response. */
    private static LlmGateway scripted(LlmResponse response, List<LlmRequest> requests) {
        return new LlmGateway() {
            @Override
            public LlmResponse call(LlmRequest request) {
                requests.add(request);
                return response;
            }

        };
    }
}
