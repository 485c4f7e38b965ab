package dev.paperorchestra.cli.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.paperorchestra.cli.state.StateDirLock;
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

    private int run(ByteArrayOutputStream err, String... args) {
        RunCommand command = new RunCommand();
        command.stderr = new PrintStream(err, true, StandardCharsets.UTF_8);
        command.stdout = new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);
        return new CommandLine(command).execute(args);
    }

    private Path materialsCopy() throws Exception {
        Path materials = dir.resolve("materials");
        Path example = Path.of("..", "examples", "cvpr-sparse-depth");
        Files.createDirectories(materials);
        for (String name : MaterialsDirectory.REQUIRED) {
            Files.copy(example.resolve(name), materials.resolve(name));
        }
        return materials;
    }

    @Test
    void a_paper_id_that_climbs_out_of_the_output_directory_exits_2() throws Exception {
        ByteArrayOutputStream err = new ByteArrayOutputStream();

        int exit = run(err, materialsCopy().toString(), "--offline", "--paper-id", "../x",
                "--state-dir", dir.resolve("state").toString());

        assertThat(exit).isEqualTo(RunCommand.BAD_INPUT);
        assertThat(err.toString()).contains("paper id '../x' is not allowed");
        assertThat(dir.resolve("state")).doesNotExist();
    }

    @Test
    void a_template_reading_a_file_is_refused_before_anything_starts_naming_file_and_line() throws Exception {
        Path materials = materialsCopy();
        Path template = materials.resolve(MaterialsDirectory.TEMPLATE);
        String tex = Files.readString(template);
        Files.writeString(template, tex.replace("\\begin{document}",
                "\\begin{document}\n\\immediate\\pdfobj stream file {/etc/passwd}\\pdfrefobj\\pdflastobj"));
        long line = tex.substring(0, tex.indexOf("\\begin{document}")).lines().count() + 2;
        ByteArrayOutputStream err = new ByteArrayOutputStream();

        int exit = run(err, materials.toString(), "--offline", "--state-dir", dir.resolve("state").toString());

        assertThat(exit).isEqualTo(RunCommand.BAD_INPUT);
        assertThat(err.toString()).contains(template.toString(), "line " + line + ": \\pdfobj stream file",
                "refused before compiling");
        assertThat(dir.resolve("state")).doesNotExist();
    }

    @Test
    void a_state_directory_in_use_is_refused_before_the_broker_touches_it() throws Exception {
        Path state = dir.resolve("state");
        ByteArrayOutputStream err = new ByteArrayOutputStream();

        try (StateDirLock held = StateDirLock.acquire(state)) {
            int exit = run(err, materialsCopy().toString(), "--offline", "--state-dir", state.toString());

            assertThat(exit).isEqualTo(RunCommand.BAD_INPUT);
        }
        assertThat(err.toString()).contains("is in use by another po");
        try (var files = Files.list(state)) {
            assertThat(files.map(path -> path.getFileName().toString())).containsExactly(StateDirLock.FILE);
        }
    }
}
