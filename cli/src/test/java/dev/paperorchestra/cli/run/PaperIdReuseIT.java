package dev.paperorchestra.cli.run;

import static org.assertj.core.api.Assertions.assertThat;

import dev.paperorchestra.content.materials.MaterialsDirectory;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/**
 * One paper id, one paper, through {@code po run} on one state directory: the same id with the same materials
 * returns the earlier result without running the paper again and says so; with changed materials it is refused
 * (exit 2) and nothing is submitted.
 */
class PaperIdReuseIT {

    private static final Path CVPR = Path.of("..", "examples", "cvpr-sparse-depth").toAbsolutePath().normalize();

    private record Run(int exit, String console) {
    }

    private static Run po(Path materials, Path work) {
        ByteArrayOutputStream console = new ByteArrayOutputStream();
        RunCommand command = new RunCommand();
        PrintStream out = new PrintStream(console, true, StandardCharsets.UTF_8);
        command.stdout = out;
        command.stderr = out;
        int exit = new CommandLine(command).execute(materials.toString(), "--offline", "--iterations", "1",
                "--paper-id", "reused", "--state-dir", work.resolve("state").toString(),
                "--out", work.resolve("out").toString(), "--timeout", "PT4M");
        return new Run(exit, console.toString());
    }

    @Test
    void a_reused_id_returns_the_earlier_paper_for_the_same_materials_and_is_refused_for_others() throws Exception {
        Files.createDirectories(Path.of("target"));
        Path work = Files.createTempDirectory(Path.of("target"), "reuse-").toAbsolutePath();
        Path materials = work.resolve("materials");
        Files.createDirectories(materials);
        try (Stream<Path> files = Files.list(CVPR)) {
            for (Path file : files.filter(Files::isRegularFile).toList()) {
                Files.copy(file, materials.resolve(file.getFileName()));
            }
        }

        Run first = po(materials, work);
        assertThat(first.exit()).as(first.console()).isZero();
        assertThat(first.console()).contains("submitted paper reused");
        Files.delete(work.resolve("out").resolve("reused").resolve("paper.tex"));

        Run again = po(materials, work);
        assertThat(again.exit()).as(again.console()).isZero();
        assertThat(again.console()).contains("paper reused was run before with the same materials and options "
                + "and completed: returning that result without running it again").doesNotContain("submitted paper");
        assertThat(work.resolve("out").resolve("reused").resolve("paper.tex")).exists();

        Path idea = materials.resolve(MaterialsDirectory.IDEA);
        Files.writeString(idea, Files.readString(idea) + "\nOne more sentence.\n");
        Run changed = po(materials, work);
        assertThat(changed.exit()).as(changed.console()).isEqualTo(RunCommand.BAD_INPUT);
        assertThat(changed.console()).contains("paper id reused already names another paper")
                .doesNotContain("starting the embedded pipeline");
    }
}
