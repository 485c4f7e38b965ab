package dev.paperorchestra.bench.dataset;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.paperorchestra.runtime.json.Json;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

class PaperWritingBenchImporterTest {

    @TempDir
    Path dir;

    private Path paper(String name, boolean withTemplate) throws Exception {
        Path paper = Files.createDirectories(dir.resolve("src").resolve(name));
        Files.writeString(paper.resolve("idea_sparse.md"), "sparse idea");
        Files.writeString(paper.resolve("idea_dense.md"), "dense idea with $x$");
        Files.writeString(paper.resolve("experimental_log.md"), "log");
        Files.writeString(paper.resolve("conference_guidelines.md"), "Page limit: 8 pages");
        if (withTemplate) {
            Files.writeString(paper.resolve("template.tex"), "own template");
        }
        Files.writeString(paper.resolve("paper.tex"), "human paper");
        Files.writeString(paper.resolve("references.bib"), "@article{a, title={A}}");
        return paper;
    }

    @Test
    void sparse_and_dense_ideas_become_two_cases_with_the_venue_cutoff_and_the_reference_paper() throws Exception {
        paper("cvpr2025-042", true);

        var imported = new PaperWritingBenchImporter(null).importAll(dir.resolve("src"), dir.resolve("data"));

        assertThat(imported.cases()).containsExactly("cvpr2025-042-sparse", "cvpr2025-042-dense");
        Path sparse = dir.resolve("data/cvpr2025-042-sparse");
        assertThat(sparse.resolve("idea.md")).hasContent("sparse idea");
        assertThat(dir.resolve("data/cvpr2025-042-dense/idea.md")).hasContent("dense idea with $x$");
        assertThat(sparse.resolve("template.tex")).hasContent("own template");
        assertThat(sparse.resolve("reference/paper.tex")).hasContent("human paper");
        assertThat(sparse.resolve("reference/references.bib")).exists();
        JsonNode job = Json.mapper().readTree(sparse.resolve("job.json").toFile());
        assertThat(job.get("cutoffDate").asString()).isEqualTo("2024-11");
        assertThat(job.get("venue").asString()).isEqualTo("CVPR 2025");
        assertThat(job.get("ideaVariant").asString()).isEqualTo("sparse");
        assertThat(job.get("filledFromVenueDefault")).isEmpty();
        assertThat(Dataset.scan(dir.resolve("data"), "*-sparse", null).cases()).extracting(BenchCase::name)
                .containsExactly("cvpr2025-042-sparse");
    }

    @Test
    void a_missing_template_is_filled_from_the_named_venue_default_and_recorded() throws Exception {
        paper("paper-7", false);

        var imported = new PaperWritingBenchImporter(VenueDefault.ICLR).importAll(dir.resolve("src"), dir.resolve("data"));

        Path dense = dir.resolve("data/paper-7-dense");
        assertThat(dense.resolve("template.tex")).content().contains("\\begin{document}");
        assertThat(Json.mapper().readTree(dense.resolve("job.json").toFile()).get("cutoffDate").asString())
                .isEqualTo("2024-10");
        assertThat(dense.resolve("job.json")).content().contains("template.tex from iclr");
        assertThat(dir.resolve("data/import.json")).content().contains("template.tex from iclr");
        assertThat(imported.filled()).contains("paper-7-dense/template.tex from iclr");
    }

    @Test
    void a_paper_of_unknown_venue_is_refused_with_its_name() throws Exception {
        paper("paper-9", true);

        assertThatThrownBy(() -> new PaperWritingBenchImporter(null).importAll(dir.resolve("src"), dir.resolve("data")))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("paper-9")
                .hasMessageContaining("--venue-default");
    }
}
