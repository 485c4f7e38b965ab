package dev.paperorchestra.cli.client;

import static org.assertj.core.api.Assertions.assertThat;

import dev.paperorchestra.cli.run.RunCommand;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** po submit --revise: its options go together, and a wrong combination is refused before anything is sent. */
class SubmitReviseArgsTest {

    @TempDir
    Path directory;

    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    @Test
    void reviews_without_revise_or_revise_without_reviews_or_with_materials_dirs_exit_2_naming_the_rule()
            throws IOException {
        Path paper = Files.createDirectories(directory.resolve("paper"));
        Path review = Files.writeString(directory.resolve("r1.md"), "The paper lacks a baseline.");
        // an unreachable server: nothing may be sent before the options are checked
        String server = "http://127.0.0.1:1";

        assertThat(po("--server", server, paper.toString(), "--reviews", review.toString()))
                .isEqualTo(RunCommand.BAD_INPUT);
        assertThat(err.toString()).contains("go with --revise PAPER_DIR");
        assertThat(po("--server", server, "--revise", paper.toString())).isEqualTo(RunCommand.BAD_INPUT);
        assertThat(err.toString()).contains("--revise needs --reviews");
        assertThat(po("--server", server, directory.toString(), "--revise", paper.toString(), "--reviews",
                review.toString())).isEqualTo(RunCommand.BAD_INPUT);
        assertThat(err.toString()).contains("no materials directories with it");
        assertThat(po("--server", server, "--revise", paper.toString(), "--reviews",
                directory.resolve("missing.md").toString())).isEqualTo(RunCommand.BAD_INPUT);
        assertThat(err.toString()).contains("review file does not exist");
    }

    private int po(String... args) {
        SubmitCommand command = new SubmitCommand();
        command.stdout = new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);
        command.stderr = new PrintStream(err, true, StandardCharsets.UTF_8);
        return new CommandLine(command).execute(args);
    }
}
