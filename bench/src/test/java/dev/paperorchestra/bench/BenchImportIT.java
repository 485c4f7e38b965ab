package dev.paperorchestra.bench;

import static org.assertj.core.api.Assertions.assertThat;

import dev.paperorchestra.bench.dataset.PaperWritingBenchImporter;
import dev.paperorchestra.bench.dataset.PaperWritingBenchImporter.IdeaChoice;
import dev.paperorchestra.bench.dataset.VenueKits;
import dev.paperorchestra.bench.testing.ReferenceLayout;
import dev.paperorchestra.cli.PoCommand;
import dev.paperorchestra.base.json.Json;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * Every case imported from the reference layout (two venue kits apart, sparse and dense ideas, author figures with
 * captions) completes offline through {@code po bench} (every case passing {@code po run --check} is
 * {@code PaperWritingBenchImporterTest}'s).
 */
class BenchImportIT {

    @Test
    void every_imported_case_completes_offline_with_the_authors_caption_in_the_paper() throws Exception {
        Files.createDirectories(Path.of("target"));
        Path work = Files.createTempDirectory(Path.of("target").toAbsolutePath(), "bench-import-it-");
        ReferenceLayout.write(work);
        new PaperWritingBenchImporter(VenueKits.scan(work.resolve("kits")), IdeaChoice.BOTH, null)
                .importAll(work.resolve("src"), work.resolve("data"));
        Path benchDir = work.resolve("bench");

        String java = ProcessHandle.current().info().command().orElse("java");
        Process bench = new ProcessBuilder(List.of(java, "-Xmx700m", "-XX:TieredStopAtLevel=1",
                "-Djava.awt.headless=true", "-cp", System.getProperty("java.class.path"), PoCommand.class.getName(),
                "bench", work.resolve("data").toString(), "--out", benchDir.toString(), "--offline",
                "--iterations", "1", "--autoraters", "none", "--timeout", "PT10M")).redirectErrorStream(true).redirectOutput(work.resolve("bench.log").toFile())
                .start();
        assertThat(bench.waitFor(20, TimeUnit.MINUTES)).isTrue();
        String log = Files.readString(work.resolve("bench.log"));

        assertThat(bench.exitValue()).as(log).isZero();
        List<JsonNode> rows = new java.util.ArrayList<>();
        for (String line : Files.readAllLines(benchDir.resolve("results.jsonl"))) {
            rows.add(Json.mapper().readTree(line));
        }
        assertThat(rows).extracting(row -> row.get("case").asString()).containsExactlyInAnyOrder(
                ReferenceLayout.OPTIM + "-sparse", ReferenceLayout.OPTIM + "-dense",
                ReferenceLayout.DEPTH + "-sparse", ReferenceLayout.DEPTH + "-dense",
                ReferenceLayout.FROGS + "-sparse", ReferenceLayout.FROGS + "-dense");
        for (JsonNode row : rows) {
            assertThat(row.get("state").asString()).as(row.toString()).isEqualTo("complete");
            assertThat(benchDir.resolve(row.get("output_dir").asString()).resolve("paper.pdf")).exists();
        }
        JsonNode optim = rows.stream().filter(row -> row.get("case").asString().equals(ReferenceLayout.OPTIM + "-dense"))
                .findFirst().orElseThrow();
        assertThat(benchDir.resolve(optim.get("output_dir").asString()).resolve("paper.tex")).content()
                .contains("Training loss of each optimiser over the first 100 epochs");
    }
}
