package dev.paperorchestra.bench;

import static org.assertj.core.api.Assertions.assertThat;

import dev.paperorchestra.cli.PoCommand;
import dev.paperorchestra.content.testing.OwnKit;
import dev.paperorchestra.base.json.Json;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * {@code po bench --template-dir KIT}, the reference method's shared {@code --latex_template_dir}, on the embedded
 * broker a real bench run starts: one case whose materials hold neither template nor guidelines completes offline
 * with the kit of our own making ({@link OwnKit}): its head mark on every page of the case's PDF, the page limit
 * read from the kit's prose guidelines.md, no placeholder of its template in the PDF. One case, to keep it lean.
 */
class BenchTemplateKitIT {

    private static final Path EXAMPLES = Path.of("..", "examples").toAbsolutePath().normalize();

    @Test
    void a_case_run_with_a_shared_kit_directory_completes_with_the_kits_head_mark_and_guidelines() throws Exception {
        Files.createDirectories(Path.of("target"));
        Path work = Files.createTempDirectory(Path.of("target").toAbsolutePath(), "bench-kit-it-");
        OwnKit.materials(EXAMPLES.resolve("cvpr-sparse-depth"), work.resolve("data").resolve("own-kit-case"));
        Path kit = OwnKit.write(work.resolve("kit"));
        Path benchDir = work.resolve("bench");

        String java = ProcessHandle.current().info().command().orElse("java");
        Process bench = new ProcessBuilder(List.of(java, "-Xmx700m", "-XX:TieredStopAtLevel=1",
                "-Djava.awt.headless=true", "-cp", System.getProperty("java.class.path"), PoCommand.class.getName(),
                "bench", work.resolve("data").toString(), "--out", benchDir.toString(), "--offline",
                "--template-dir", kit.toString(), "--iterations", "1", "--autoraters", "none",
                "--timeout", "PT10M")).redirectErrorStream(true).redirectOutput(work.resolve("bench.log").toFile())
                .start();
        assertThat(bench.waitFor(12, TimeUnit.MINUTES)).isTrue();
        String log = Files.readString(work.resolve("bench.log"));

        assertThat(bench.exitValue()).as(log).isZero();
        JsonNode row = Json.mapper().readTree(Files.readAllLines(benchDir.resolve("results.jsonl")).getLast());
        assertThat(row.get("state").asString()).as(row.toString()).isEqualTo("complete");
        assertThat(row.get("page_limit").asInt()).as(row.toString()).isEqualTo(OwnKit.PAGE_LIMIT);
        Path paper = benchDir.resolve(row.get("output_dir").asString());
        assertThat(paper.resolve("paper.tex")).content().contains("\\usepackage{ownkit}",
                "\\bibliographystyle{ownkit}");
        List<String> pages = OwnKit.pageTexts(Files.readAllBytes(paper.resolve("paper.pdf")));
        assertThat(pages).isNotEmpty().allSatisfy(page -> assertThat(page).contains(OwnKit.MARK));
        String text = String.join("\n", pages);
        OwnKit.PLACEHOLDERS.forEach(placeholder -> assertThat(text).doesNotContain(placeholder));
    }
}
