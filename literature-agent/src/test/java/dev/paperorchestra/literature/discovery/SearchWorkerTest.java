package dev.paperorchestra.literature.discovery;

import static dev.paperorchestra.literature.Fixtures.context;
import static dev.paperorchestra.literature.Fixtures.record;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.paperorchestra.literature.plan.Purpose;
import dev.paperorchestra.literature.replay.ScholarReplayStore;
import dev.paperorchestra.runtime.errors.PermanentException;
import dev.paperorchestra.runtime.llm.LlmGateway;
import dev.paperorchestra.runtime.llm.LlmRequest;
import dev.paperorchestra.runtime.llm.LlmResponse;
import dev.paperorchestra.runtime.llm.LlmRole;
import dev.paperorchestra.runtime.llm.UnconfiguredLlmGateway;
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
        LiteratureCandidatesFoundEvent answer = new SearchWorker(offline, new ModelDiscovery(
                new UnconfiguredLlmGateway(), "literature-agent", 4)).answer(task(LlmMode.OFFLINE));

        assertThat(answer.getTaskId()).isEqualTo("p1/lit-3");
        assertThat(answer.getTaskCount()).isEqualTo(7);
        assertThat(answer.getSource()).isEqualTo("offline-replay");
        assertThat(answer.getCandidates()).extracting(Candidate::getTitle).containsExactly("Sparsity Invariant CNNs");
    }

    @Test
    void fails_a_model_task_without_a_provider_instead_of_falling_back_to_offline_records() {
        SearchWorker worker = new SearchWorker(offline, new ModelDiscovery(new UnconfiguredLlmGateway(),
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

            @Override
            public boolean isAvailable(LlmRole role) {
                return true;
            }
        };

        LiteratureCandidatesFoundEvent answer = new SearchWorker(offline,
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
}
