package dev.paperorchestra.cli.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

class RunCommandTest {

    private static final Path BROKEN = Path.of("..", "examples", "broken");

    @TempDir
    Path dir;

    @Test
    void run_exits_2_with_the_file_name_when_a_file_is_missing() {
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        RunCommand command = new RunCommand();
        command.stderr = new PrintStream(err, true, StandardCharsets.UTF_8);

        int exit = new CommandLine(command).execute(BROKEN.resolve("missing-log").toString(), "--offline");

        assertThat(exit).isEqualTo(RunCommand.BAD_INPUT);
        assertThat(err.toString()).contains("experimental_log.md");
    }

    @Test
    void run_refuses_without_a_model_provider_unless_offline() {
        org.junit.jupiter.api.Assumptions.assumeTrue(System.getenv("PO_LLM_PROVIDER") == null);
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        RunCommand command = new RunCommand();
        command.stderr = new PrintStream(err, true, StandardCharsets.UTF_8);

        int exit = new CommandLine(command).execute(BROKEN.resolve("missing-log").toString());

        assertThat(exit).isEqualTo(RunCommand.BAD_INPUT);
        assertThat(err.toString()).contains("--offline");
    }

    @Test
    void passes_explicit_scholarly_endpoints_and_the_key_to_the_literature_agent() {
        assertThat(RunCommand.scholarlyArgs("http://localhost:9000 ", "k-1", "http://localhost:9001"))
                .containsExactly("--po.literature.s2.base-url=http://localhost:9000",
                        "--po.literature.s2.api-key=k-1", "--po.literature.openalex.base-url=http://localhost:9001");
        assertThat(RunCommand.scholarlyArgs(null, " ", null)).isEmpty();
    }

    @Test
    void reads_the_scholarly_endpoints_from_the_command_line() {
        RunCommand command = new RunCommand();
        new CommandLine(command).parseArgs("materials", "--offline", "--s2-base-url", "http://s2.local",
                "--openalex-base-url", "http://oa.local");

        assertThat(command.offline).isTrue();
        assertThat(command.s2BaseUrl).isEqualTo("http://s2.local");
        assertThat(command.openAlexBaseUrl).isEqualTo("http://oa.local");
    }
}
