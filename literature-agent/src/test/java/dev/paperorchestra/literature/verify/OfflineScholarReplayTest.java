package dev.paperorchestra.literature.verify;

import static dev.paperorchestra.literature.Fixtures.record;
import static org.assertj.core.api.Assertions.assertThat;

import dev.paperorchestra.literature.replay.ScholarReplayStore;
import dev.paperorchestra.schemas.ScholarRecord;
import java.util.List;
import org.junit.jupiter.api.Test;

class OfflineScholarReplayTest {

    private final ScholarRecord resnet = record("s2-resnet", "Deep Residual Learning for Image Recognition")
            .setDoi("10.1109/CVPR.2016.90").setArxivId("1512.03385").build();
    private final ScholarRecord densenet = record("s2-densenet", "Densely Connected Convolutional Networks").build();
    private final OfflineScholarReplay replay = new OfflineScholarReplay(new ScholarReplayStore(List.of(resnet, densenet)));

    @Test
    void resolves_known_dois_and_arxiv_ids_and_leaves_out_unknown_ones() {
        assertThat(replay.resolveByIds(List.of("doi:10.1109/cvpr.2016.90", "arxiv:1512.03385", "doi:10.1/none")))
                .containsOnlyKeys("doi:10.1109/cvpr.2016.90", "arxiv:1512.03385")
                .containsValue(resnet);
    }

    @Test
    void matches_the_most_similar_title() {
        assertThat(replay.matchTitle("densely connected convolutional nets")).contains(densenet);
    }

    @Test
    void has_no_match_for_a_title_nowhere_close() {
        assertThat(replay.matchTitle("Sourdough fermentation kinetics")).isEmpty();
    }
}
