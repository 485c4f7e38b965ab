package dev.paperorchestra.cli.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.paperorchestra.runtime.errors.InvalidMaterialsException;
import dev.paperorchestra.runtime.materials.JobSettings;
import dev.paperorchestra.runtime.materials.MaterialsDirectory;
import dev.paperorchestra.schemas.JobOptions;
import dev.paperorchestra.schemas.LlmMode;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

class RunCommandTest {

    private static final Path BROKEN = Path.of("..", "examples", "broken");

    @TempDir
    Path dir;

    @Test
    void a_missing_log_is_named_before_anything_starts() {
        assertThatThrownBy(() -> MaterialsDirectory.check(BROKEN.resolve("missing-log")))
                .isInstanceOf(InvalidMaterialsException.class)
                .hasMessageContaining("experimental_log.md")
                .hasMessageContaining("missing");
    }

    @Test
    void a_missing_directory_is_named() {
        assertThatThrownBy(() -> MaterialsDirectory.check(dir.resolve("nowhere")))
                .hasMessageContaining("nowhere").hasMessageContaining("does not exist");
    }

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
    void job_json_supplies_cutoff_and_venue_and_a_month_cutoff_means_its_first_day() throws Exception {
        Files.writeString(dir.resolve("job.json"), "{\"cutoffDate\": \"2024-11\", \"venue\": \"CVPR 2025\"}");

        JobOptions options = JobSettings.resolve(dir, null, null, null, 3, true);

        assertThat(options.getCutoffDate()).isEqualTo("2024-11-01");
        assertThat(options.getVenue()).isEqualTo("CVPR 2025");
        assertThat(options.getLlmMode()).isEqualTo(LlmMode.OFFLINE);
    }

    @Test
    void the_command_line_wins_over_job_json() throws Exception {
        Files.writeString(dir.resolve("job.json"), "{\"cutoffDate\": \"2024-11\"}");

        assertThat(JobSettings.resolve(dir, "2023-05-17", null, 9, 2, false).getCutoffDate()).isEqualTo("2023-05-17");
    }

    @Test
    void a_malformed_job_json_is_named() throws Exception {
        Files.writeString(dir.resolve("job.json"), "{cutoff");

        assertThatThrownBy(() -> JobSettings.resolve(dir, null, null, null, 3, true))
                .isInstanceOf(InvalidMaterialsException.class).hasMessageContaining("job.json");
    }

    @Test
    void a_malformed_cutoff_is_rejected() {
        assertThatThrownBy(() -> JobSettings.normaliseCutoff("Nov 2024")).hasMessageContaining("YYYY-MM");
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
