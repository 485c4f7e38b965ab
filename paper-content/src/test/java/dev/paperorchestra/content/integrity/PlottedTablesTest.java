package dev.paperorchestra.content.integrity;

import static org.assertj.core.api.Assertions.assertThat;

import dev.paperorchestra.schemas.ArtifactRef;
import dev.paperorchestra.schemas.Figure;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;

class PlottedTablesTest {

    private static ArtifactRef ref(String uri) {
        return ArtifactRef.newBuilder().setUri(uri).setSha256("0".repeat(64)).setSizeBytes(1)
                .setMediaType("application/json").build();
    }

    private static Figure figure(String fileName, @Nullable ArtifactRef provenance) {
        return Figure.newBuilder().setFigureId(fileName.replaceFirst("\\..*", "")).setFileName(fileName)
                .setTitle("t").setCaption("c").setAspectRatio("4:3").setProvenance(provenance).build();
    }

    @Test
    void reads_the_source_table_of_each_figures_provenance_and_skips_figures_without_one() {
        Map<String, String> blobs = Map.of(
                "blob:chart", "{\"figure_id\": \"fig_rmse\", \"kind\": \"bar\", \"source_table\": \"RMSE on NYU\"}",
                "blob:diagram", "{\"figure_id\": \"fig_overview\", \"kind\": \"diagram\"}");

        Map<String, String> plotted = PlottedTables.of(List.of(figure("fig_rmse.pdf", ref("blob:chart")),
                figure("fig_overview.pdf", ref("blob:diagram")), figure("author.png", null)),
                artifact -> blobs.get(artifact.getUri()));

        assertThat(plotted).containsExactly(Map.entry("fig_rmse.pdf", "RMSE on NYU"));
    }
}
