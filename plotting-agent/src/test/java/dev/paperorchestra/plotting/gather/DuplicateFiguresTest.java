package dev.paperorchestra.plotting.gather;

import static org.assertj.core.api.Assertions.assertThat;

import dev.paperorchestra.runtime.blob.BlobStore;
import dev.paperorchestra.runtime.blob.LocalBlobStore;
import dev.paperorchestra.runtime.blob.MediaTypes;
import dev.paperorchestra.schemas.Figure;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DuplicateFiguresTest {

    @TempDir
    Path root;

    private Figure figure(BlobStore blobs, String id, String... rows) {
        StringBuilder cells = new StringBuilder();
        for (String row : rows) {
            cells.append(cells.isEmpty() ? "" : ",").append("{\"row\":\"").append(row)
                    .append("\",\"column\":\"RMSE\",\"value\":\"0.1\"}");
        }
        return Figure.newBuilder().setFigureId(id).setTitle(id).setFileName(id + ".pdf").setCaption("c")
                .setAspectRatio("4:3").setProvenance(blobs.putText("{\"source_table\":\"Main results\",\"cells\":["
                        + cells + "]}", MediaTypes.JSON)).build();
    }

    @Test
    void a_chart_drawing_only_numbers_an_earlier_chart_draws_is_left_out_with_the_reason() {
        BlobStore blobs = new LocalBlobStore(root);
        Figure all = figure(blobs, "fig_all", "BTS", "AdaBins", "Ours");
        Figure subset = figure(blobs, "fig_subset", "BTS", "Ours");
        Figure other = figure(blobs, "fig_other", "BTS", "NeWCRFs");

        DuplicateFigures.Split split = DuplicateFigures.split(List.of(all, subset, other), blobs);

        assertThat(split.kept()).extracting(Figure::getFigureId).containsExactly("fig_all", "fig_other");
        assertThat(split.leftOut()).containsExactly("fig_subset: shows only numbers fig_all already shows");
    }
}
