package dev.paperorchestra.literature.verify;

import static org.assertj.core.api.Assertions.assertThat;

import dev.paperorchestra.schemas.ScholarRecord;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * What every scholarly source must do, whichever way it answers: each implementation's test extends this
 * with a source over the CVPR example's recorded records.
 */
public abstract class ScholarSourceContract {

    protected static final Path RECORDS = Path.of("../examples/cvpr-sparse-depth/scholar_records.json");
    private static final String NYU_ID = "6261ca8964d60b1a06016db0f7b39044e294e793";

    /** A source answering from {@link #RECORDS}. */
    protected abstract ScholarSource source() throws Exception;

    @Test
    void resolves_known_ids_and_leaves_unknown_ones_out() throws Exception {
        Map<String, ScholarRecord> found = source().resolveByIds(List.of("arxiv:1406.2283", "doi:10.9999/unknown"));

        assertThat(found).containsOnlyKeys("arxiv:1406.2283");
        assertThat(found.get("arxiv:1406.2283").getAbstractText()).isNotBlank();
    }

    @Test
    void matches_a_title_written_differently() throws Exception {
        assertThat(source().matchTitle("indoor segmentation and support inference from RGBD images."))
                .get().extracting(ScholarRecord::getScholarId).isEqualTo(NYU_ID);
    }

    @Test
    void has_no_match_for_an_unrelated_title() throws Exception {
        assertThat(source().matchTitle("Quantum Gravity of Sourdough Starters")).isEmpty();
    }

    @Test
    void counts_every_request_it_makes() throws Exception {
        ScholarSource source = source();
        long before = source.requestsMade();

        source.resolveByIds(List.of("arxiv:1406.2283"));
        source.matchTitle("Indoor Segmentation and Support Inference from RGBD Images");

        assertThat(source.requestsMade() - before).isEqualTo(2);
    }
}
