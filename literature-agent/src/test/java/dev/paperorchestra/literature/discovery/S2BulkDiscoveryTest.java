package dev.paperorchestra.literature.discovery;

import static dev.paperorchestra.literature.Fixtures.context;
import static dev.paperorchestra.literature.Fixtures.record;
import static org.assertj.core.api.Assertions.assertThat;

import dev.paperorchestra.literature.plan.Purpose;
import dev.paperorchestra.literature.plan.SearchQuery;
import dev.paperorchestra.literature.replay.ScholarReplayStore;
import dev.paperorchestra.schemas.LiteratureCandidatesFoundEvent;
import dev.paperorchestra.schemas.LiteratureSearchTaskCreatedEvent;
import dev.paperorchestra.schemas.ScholarSearch;
import java.util.List;
import org.junit.jupiter.api.Test;

class S2BulkDiscoveryTest {

    private final S2BulkDiscovery bulk = new S2BulkDiscovery();

    @Test
    void hands_the_key_phrases_to_the_verifier_and_calls_nothing_itself() {
        SearchQuery query = new SearchQuery("Find the papers that introduced NLSPN and CSPN and the closest work "
                + "building on them, published before 2024-11-01.", Purpose.RELATED_WORK, "Propagation");

        assertThat(bulk.search("p1", query)).isEmpty();
        assertThat(bulk.delegatedSearch(query)).contains(ScholarSearch.newBuilder().setKeywords("NLSPN | CSPN")
                .setQuery(query.text()).setPurpose(Purpose.RELATED_WORK).setClusterTitle("Propagation").build());
    }

    @Test
    void hands_over_no_search_for_a_table_caption() {
        assertThat(bulk.delegatedSearch(new SearchQuery("Validation Set", Purpose.CITATION_HINT, null))).isEmpty();
    }

    @Test
    void a_worker_combining_it_with_the_replay_answers_candidates_and_the_handed_over_search() {
        DiscoverySource combined = DiscoveryPlan.offline(new OfflineReplayDiscovery(new ScholarReplayStore(List.of(
                record("s1", "Sparsity Invariant CNNs").setAbstractText("Sparse depth.").build())), 4), true, null,
                bulk);
        LiteratureSearchTaskCreatedEvent task = LiteratureSearchTaskCreatedEvent.newBuilder().setTaskId("p1/lit-0")
                .setContext(context("p1", "2024-11-01")).setQuery("sparse depth").setPurpose(Purpose.RELATED_WORK)
                .setClusterTitle("Depth").setTaskCount(1).build();

        LiteratureCandidatesFoundEvent answer = new SearchWorker(records -> combined, combined).answer(task);

        assertThat(answer.getSource()).isEqualTo("offline-replay+s2-bulk");
        assertThat(answer.getCandidates()).hasSize(1);
        assertThat(answer.getScholarSearch().getKeywords()).isEqualTo("sparse depth");
    }
}
