package dev.paperorchestra.literature.discovery;

import static dev.paperorchestra.literature.Fixtures.record;
import static org.assertj.core.api.Assertions.assertThat;

import dev.paperorchestra.literature.plan.Purpose;
import dev.paperorchestra.literature.plan.SearchQuery;
import dev.paperorchestra.literature.replay.ScholarReplayStore;
import dev.paperorchestra.schemas.Candidate;
import java.util.List;
import org.junit.jupiter.api.Test;

class OfflineReplayDiscoveryTest {

    private final ScholarReplayStore store = new ScholarReplayStore(List.of(
            record("s-completion", "Non-Local Spatial Propagation Network for Depth Completion")
                    .setAbstractText("Depth completion from sparse LiDAR with learned affinities.")
                    .setArxivId("2007.10042").build(),
            record("s-mono", "Digging Into Self-Supervised Monocular Depth Estimation")
                    .setAbstractText("Monocular depth from video without labels.").build(),
            record("s-sparse", "Sparse-to-Dense: Depth Prediction from Sparse Depth Samples and a Single Image")
                    .setAbstractText("Predicts dense depth from sparse samples and RGB.").setDoi("10.1/s2d").build(),
            record("s-resnet", "Deep Residual Learning for Image Recognition")
                    .setAbstractText("Residual connections ease the training of deep networks.").build()));

    private static SearchQuery query(String text) {
        return new SearchQuery(text, Purpose.RELATED_WORK, "Depth Completion");
    }

    @Test
    void ranks_records_by_the_number_of_query_words_they_contain() {
        List<Candidate> found = new OfflineReplayDiscovery(store, 4).search("p1",
                query("depth completion from sparse LiDAR measurements"));

        assertThat(found).extracting(Candidate::getTitle).containsExactly(
                "Non-Local Spatial Propagation Network for Depth Completion",
                "Sparse-to-Dense: Depth Prediction from Sparse Depth Samples and a Single Image",
                "Digging Into Self-Supervised Monocular Depth Estimation");
    }

    @Test
    void leaves_out_records_sharing_only_stop_words_with_the_query() {
        List<Candidate> found = new OfflineReplayDiscovery(store, 4).search("p1", query("a survey of the history"));

        assertThat(found).isEmpty();
    }

    @Test
    void returns_at_most_the_configured_number_of_candidates() {
        assertThat(new OfflineReplayDiscovery(store, 1).search("p1", query("depth"))).hasSize(1);
    }

    @Test
    void fills_candidates_from_the_record_and_the_query() {
        Candidate best = new OfflineReplayDiscovery(store, 1).search("p1", query("sparse depth samples")).getFirst();

        assertThat(best.getTitle()).startsWith("Sparse-to-Dense");
        assertThat(best.getDoi()).isEqualTo("10.1/s2d");
        assertThat(best.getYear()).isEqualTo(2020);
        assertThat(best.getQuery()).isEqualTo("sparse depth samples");
        assertThat(best.getPurpose()).isEqualTo(Purpose.RELATED_WORK);
        assertThat(best.getClusterTitle()).isEqualTo("Depth Completion");
        assertThat(best.getRelevance()).isEqualTo("offline replay: matched words sparse, depth, samples");
    }
}
