package dev.paperorchestra.writer.draft;

import static org.assertj.core.api.Assertions.assertThat;

import dev.paperorchestra.runtime.blob.BlobStore;
import dev.paperorchestra.runtime.blob.LocalBlobStore;
import dev.paperorchestra.runtime.blob.MediaTypes;
import dev.paperorchestra.schemas.ArtifactRef;
import dev.paperorchestra.schemas.Figure;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What the compile directory's figures/ holds for an author's figure: the inspected copy figures-ready names. */
class FigureFilesTest {

    @TempDir
    Path root;

    @Test
    void an_author_figure_is_the_inspected_copy_not_the_upload_of_its_original_name() {
        BlobStore blobs = new LocalBlobStore(root);
        ArtifactRef inspected = blobs.put("%PDF-1.7 inspected".getBytes(StandardCharsets.US_ASCII), MediaTypes.PDF);
        Figure author = Figure.newBuilder().setFigureId("overview").setTitle("Overview")
                .setFileName("author1_overview.pdf").setOriginalFileName("overview.pdf").setPdf(inspected)
                .setPng(null).setCaption("Overview.").setAspectRatio("4:3").setAuthorSupplied(true).build();

        assertThat(FigureFiles.resolve(List.of(author), blobs))
                .containsOnlyKeys("author1_overview.pdf")
                .hasEntrySatisfying("author1_overview.pdf",
                        bytes -> assertThat(new String(bytes, StandardCharsets.US_ASCII)).endsWith("inspected"));
    }
}
