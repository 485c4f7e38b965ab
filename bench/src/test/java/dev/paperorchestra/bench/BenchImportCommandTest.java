package dev.paperorchestra.bench;

import static org.assertj.core.api.Assertions.assertThat;

import dev.paperorchestra.bench.testing.ReferenceLayout;
import dev.paperorchestra.cli.PoCommand;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** {@code po bench import} parsed as po parses it: the command lines docs/benchmarks.md documents. */
class BenchImportCommandTest {

    @TempDir
    Path dir;

    private final StringWriter err = new StringWriter();

    private int po(String... args) {
        CommandLine po = PoCommand.commandLine();
        po.setErr(new PrintWriter(err, true));
        return po.execute(args);
    }

    @Test
    void po_bench_import_src_out_dataset_needs_out_once_as_documented() throws Exception {
        Path paper = Files.createDirectories(dir.resolve("src/cvpr-1"));
        Files.writeString(paper.resolve("idea_sparse.md"), "# Idea\n\nsparse");
        Files.writeString(paper.resolve("experimental_log.md"), "log");

        int exit = po("bench", "import", dir.resolve("src").toString(), "--out", dir.resolve("data").toString());

        assertThat(exit).as(err.toString()).isZero();
        assertThat(err.toString()).doesNotContain("Missing required option");
        assertThat(dir.resolve("data/cvpr-1-sparse/idea.md")).exists();
    }

    @Test
    void po_bench_import_with_venues_and_idea_reads_the_reference_layout() throws Exception {
        ReferenceLayout.write(dir);

        int exit = po("bench", "import", dir.resolve("src").toString(), "--out", dir.resolve("data").toString(),
                "--venues", dir.resolve("kits").toString(), "--idea", "dense");

        assertThat(exit).as(err.toString()).isZero();
        try (var cases = Files.list(dir.resolve("data"))) {
            assertThat(cases.filter(Files::isDirectory).map(p -> p.getFileName().toString()))
                    .containsExactlyInAnyOrder("adaptive-optim-dense", "sparse-depth-dense", "frog-calls-dense");
        }
        assertThat(po("bench", "import", dir.resolve("src").toString(), "--out", dir.resolve("other").toString(),
                "--idea", "medium")).isEqualTo(2);
    }
}
