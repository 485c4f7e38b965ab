package dev.paperorchestra.cli.run;

import static org.assertj.core.api.Assertions.assertThat;

import dev.paperorchestra.cli.state.StateDirLock;
import dev.paperorchestra.content.materials.MaterialsDirectory;
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
    void run_exits_2_with_the_file_name_when_a_file_is_missing() {
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        RunCommand command = new RunCommand();
        command.stderr = new PrintStream(err, true, StandardCharsets.UTF_8);

        int exit = new CommandLine(command).execute(BROKEN.resolve("missing-log").toString(), "--offline");

        assertThat(exit).isEqualTo(RunCommand.BAD_INPUT);
        assertThat(err.toString()).contains("experimental_log.md");
    }

    // issue 43: the missing provider hid the missing log, so fixing the input took two rounds
    @Test
    void every_materials_problem_and_the_missing_provider_are_reported_together_materials_first() {
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        RunCommand command = new RunCommand();
        command.stderr = new PrintStream(err, true, StandardCharsets.UTF_8);
        command.environment = java.util.Map.of();

        int exit = new CommandLine(command).execute(BROKEN.resolve("missing-log").toString());

        assertThat(exit).isEqualTo(RunCommand.BAD_INPUT);
        String report = err.toString(StandardCharsets.UTF_8);
        assertThat(report).contains("experimental_log.md: required file is missing", "no model provider is configured");
        assertThat(report.indexOf("experimental_log.md")).isLessThan(report.indexOf("no model provider"));
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
    void passes_explicit_scholarly_endpoints_and_the_keys_to_the_literature_agent() {
        assertThat(ScholarlyOptions.scholarlyArgs("http://localhost:9000 ", "k-1", "http://localhost:9001", "oa-key"))
                .containsExactly("--po.literature.s2.base-url=http://localhost:9000",
                        "--po.literature.s2.api-key=k-1", "--po.literature.openalex.base-url=http://localhost:9001",
                        "--po.literature.openalex.api-key=oa-key");
        assertThat(ScholarlyOptions.scholarlyArgs(null, " ", null, null)).isEmpty();
    }

    @Test
    void reads_the_scholarly_endpoints_from_the_command_line() {
        RunCommand command = new RunCommand();
        new CommandLine(command).parseArgs("materials", "--offline", "--s2-base-url", "http://s2.local",
                "--openalex-base-url", "http://oa.local");

        assertThat(command.job.offline()).isTrue();
        assertThat(command.scholarly.s2BaseUrl).isEqualTo("http://s2.local");
        assertThat(command.scholarly.openAlexBaseUrl).isEqualTo("http://oa.local");
    }

    @Test
    void takes_the_scholarly_keys_from_PO_S2_API_KEY_and_PO_OPENALEX_API_KEY() {
        RunCommand command = new RunCommand();
        new CommandLine(command).parseArgs("materials", "--offline");

        assertThat(command.scholarly.springArgs(java.util.Map.of("PO_OPENALEX_API_KEY", " oa-key ",
                "PO_S2_API_KEY", "s2-key", "OPENALEX_API_KEY", "not-ours")))
                .containsExactlyInAnyOrder("--po.literature.openalex.api-key=oa-key",
                        "--po.literature.s2.api-key=s2-key");
        assertThat(command.scholarly.springArgs(java.util.Map.of())).isEmpty();
    }

    private int run(ByteArrayOutputStream err, String... args) {
        return run(err, java.util.Map.of(), args);
    }

    private int run(ByteArrayOutputStream err, java.util.Map<String, String> environment, String... args) {
        RunCommand command = new RunCommand();
        java.util.Map<String, String> env = new java.util.HashMap<>(System.getenv());
        env.putAll(environment);
        command.environment = env;
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
    void a_template_package_this_tex_lacks_exits_2_naming_it_before_anything_starts() throws Exception {
        org.junit.jupiter.api.Assumptions.assumeTrue(
                dev.paperorchestra.runtime.sandbox.Executables.find("kpsewhich").isPresent(), "kpsewhich missing");
        Path materials = materialsCopy();
        Path template = materials.resolve(MaterialsDirectory.TEMPLATE);
        Files.writeString(template, Files.readString(template).replace("\\begin{document}",
                "\\usepackage{nosuchpackage}\n\\begin{document}"));

        ByteArrayOutputStream checkErr = new ByteArrayOutputStream();
        int check = run(checkErr, materials.toString(), "--offline", "--check");
        ByteArrayOutputStream runErr = new ByteArrayOutputStream();
        int run = run(runErr, materials.toString(), "--offline", "--state-dir", dir.resolve("state").toString());

        assertThat(check).isEqualTo(RunCommand.BAD_INPUT);
        // the template's first compile decides, and says where the file would have to come from
        assertThat(checkErr.toString()).contains(template + ": nosuchpackage.sty is not installed (the first compile "
                + "of template.tex", "tlmgr search --global --file /nosuchpackage.sty", "nothing was started");
        assertThat(run).isEqualTo(RunCommand.BAD_INPUT);
        assertThat(runErr.toString()).contains("nosuchpackage.sty");
        // the broker, the blob store and the lock all live there: nothing was started
        assertThat(dir.resolve("state")).doesNotExist();
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

    // hostile (issue 40): where bubblewrap could not start, po run compiled a hostile template unconfined

    /** What a machine without bubblewrap looks like to po: the bubblewrap command is not on PATH. */
    private static final java.util.Map<String, String> BWRAP_HIDDEN = java.util.Map.of("PO_SANDBOX_BWRAP",
            "bwrap-hidden-from-path");

    @Test
    void without_bubblewrap_po_run_refuses_to_start_saying_why_and_how_unless_told_no_sandbox() throws Exception {
        org.junit.jupiter.api.Assumptions.assumeTrue(
                dev.paperorchestra.runtime.sandbox.Executables.find("latexmk").isPresent(), "latexmk is missing");
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        Path materials = materialsCopy();

        int exit = run(err, BWRAP_HIDDEN, materials.toString(), "--offline", "--check",
                "--state-dir", dir.resolve("state").toString());

        assertThat(exit).isEqualTo(RunCommand.BAD_INPUT);
        assertThat(err.toString()).contains("bubblewrap required but unusable (bwrap-hidden-from-path not found on "
                + "PATH)", "apt-get install bubblewrap", "--no-sandbox", "Nothing was started");
        assertThat(dir.resolve("state")).doesNotExist();
        assertThat(run(new ByteArrayOutputStream(), BWRAP_HIDDEN, materials.toString(), "--offline", "--check",
                "--no-sandbox")).as("the same materials, the user having said so").isZero();
    }

    @Test
    void under_no_sandbox_file_reading_specials_and_built_names_in_a_template_are_refused_by_the_check()
            throws Exception {
        Path materials = materialsCopy();
        Path template = materials.resolve(MaterialsDirectory.TEMPLATE);
        String tex = Files.readString(template);
        Files.writeString(template, tex.replace("\\begin{document}", "\\special{pdf:fstream @x (/etc/passwd)}\n"
                + "\\immediate\\csname pd\\empty fobj\\endcsname stream file {/etc/passwd}\n"
                + "\\begin{document}"));
        long line = tex.substring(0, tex.indexOf("\\begin{document}")).lines().count() + 1;
        ByteArrayOutputStream err = new ByteArrayOutputStream();

        int exit = run(err, BWRAP_HIDDEN, materials.toString(), "--offline", "--no-sandbox", "--check");

        assertThat(exit).isEqualTo(RunCommand.BAD_INPUT);
        assertThat(err.toString()).contains(template.toString(), "line " + line + ": \\special{pdf:fstream",
                "line " + (line + 1) + ": \\csname pd\\empty fobj", "a driver special reads files",
                "builds a command's name while TeX runs");
    }

    @Test
    void under_no_sandbox_a_template_that_turns_text_back_into_commands_is_refused_before_anything_starts()
            throws Exception {
        Path materials = materialsCopy();
        Path template = materials.resolve(MaterialsDirectory.TEMPLATE);
        Files.writeString(template, Files.readString(template).replace("\\begin{document}",
                "\\edef\\a{\\string\\pd fobj}\\begin{document}"));
        ByteArrayOutputStream err = new ByteArrayOutputStream();

        int exit = run(err, BWRAP_HIDDEN, materials.toString(), "--offline", "--no-sandbox", "--check");

        assertThat(exit).isEqualTo(RunCommand.BAD_INPUT);
        assertThat(err.toString()).contains("\\string\\pd fobj", "turns text into commands again",
                "without the bubblewrap sandbox");
    }
}
