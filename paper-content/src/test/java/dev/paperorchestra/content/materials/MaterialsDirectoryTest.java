package dev.paperorchestra.content.materials;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.paperorchestra.runtime.blob.LocalBlobStore;
import dev.paperorchestra.base.errors.InvalidMaterialsException;
import dev.paperorchestra.schemas.JobOptions;
import dev.paperorchestra.schemas.PaperContext;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MaterialsDirectoryTest {

    @TempDir
    Path dir;

    @Test
    void uploads_every_required_file_and_the_figures() throws Exception {
        writeAll();
        Files.createDirectories(dir.resolve("figures"));
        Files.write(dir.resolve("figures/teaser.png"), new byte[] {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n', 0});
        LocalBlobStore blobs = new LocalBlobStore(dir.resolve("blobs"));

        PaperContext context = MaterialsDirectory.upload(dir, "p-1", JobOptions.newBuilder().build(), blobs,
                Instant.EPOCH);

        assertThat(blobs.getText(context.getMaterials().getIdea())).isEqualTo("idea");
        assertThat(context.getMaterials().getFigures()).singleElement()
                .satisfies(figure -> assertThat(figure.getName()).isEqualTo("teaser.png"));
    }

    @Test
    void the_jobs_scholar_records_travel_with_its_materials() throws Exception {
        writeAll();
        Files.writeString(dir.resolve("scholar_records.json"), "{\"papers\": []}");
        LocalBlobStore blobs = new LocalBlobStore(dir.resolve("blobs"));

        PaperContext context = MaterialsDirectory.upload(dir, "p-1", JobOptions.newBuilder().build(), blobs,
                Instant.EPOCH);

        assertThat(context.getMaterials().getScholarRecords()).isNotNull();
        assertThat(context.getMaterials().getScholarRecords().getMediaType()).isEqualTo("application/json");
        assertThat(blobs.getText(context.getMaterials().getScholarRecords())).isEqualTo("{\"papers\": []}");
    }

    @Test
    void materials_without_scholar_records_have_none() throws Exception {
        writeAll();

        PaperContext context = MaterialsDirectory.upload(dir, "p-1", JobOptions.newBuilder().build(),
                new LocalBlobStore(dir.resolve("blobs")), Instant.EPOCH);

        assertThat(context.getMaterials().getScholarRecords()).isNull();
    }

    @Test
    void names_the_missing_file() throws Exception {
        writeAll();
        Files.delete(dir.resolve("experimental_log.md"));

        assertThatThrownBy(() -> MaterialsDirectory.upload(dir, "p-1", JobOptions.newBuilder().build(),
                new LocalBlobStore(dir.resolve("blobs")), Instant.EPOCH))
                .isInstanceOf(InvalidMaterialsException.class)
                .hasMessageContaining("experimental_log.md")
                .hasMessageContaining("missing");
    }

    private void writeAll() throws Exception {
        Files.writeString(dir.resolve("idea.md"), "idea");
        Files.writeString(dir.resolve("experimental_log.md"), "log");
        Files.writeString(dir.resolve("template.tex"), "tex");
        Files.writeString(dir.resolve("conference_guidelines.md"), "Page limit: 8 pages");
    }
}
