package dev.paperorchestra.cli.revise;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.paperorchestra.content.latex.LatexCompiler;
import dev.paperorchestra.content.revision.RevisionCase;
import dev.paperorchestra.base.json.Json;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

class ReviseCommandTest {

    @TempDir
    Path directory;

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    private int po(String... args) {
        ReviseCommand command = new ReviseCommand();
        command.environment = Map.of();
        command.stdout = new PrintStream(out, true, StandardCharsets.UTF_8);
        command.stderr = new PrintStream(err, true, StandardCharsets.UTF_8);
        return new CommandLine(command).execute(args);
    }

    private List<String> args(boolean offline) {
        List<String> args = new ArrayList<>(List.of(RevisionCase.paperDirectory(directory).toString(), "--reviews"));
        RevisionCase.reviewFiles(directory).forEach(file -> args.add(file.toString()));
        args.addAll(List.of("--materials", RevisionCase.materialsDirectory(directory).toString(), "--out",
                directory.resolve("out").toString()));
        if (offline) {
            args.add("--offline");
        }
        return args;
    }

    @Test
    void revises_the_test_paper_offline_and_exits_0_with_a_valid_pdf_and_a_clean_audit() throws IOException {
        assumeTrue(new LatexCompiler("latexmk", Duration.ofMinutes(1), directory).available(), "no latexmk");

        int exit = po(args(true).toArray(String[]::new));

        assertThat(exit).as(err.toString()).isZero();
        Path revision = directory.resolve("out/revision");
        assertThat(revision.resolve("response.md")).exists();
        assertThat(revision.resolve("response.tex")).exists();
        assertThat(directory.resolve("out/paper.pdf")).exists();
        assertThat(Json.mapper().readTree(Files.readString(revision.resolve("summary.json"))).at("/passed")
                .asBoolean()).isTrue();
        assertThat(out.toString()).contains("edits: 5 kept, 0 rolled back, 0 rejected", "fabrication audit: clean",
                "OFFLINE MODE").doesNotContain("MODEL MODE");
    }

    @Test
    void refuses_to_run_without_offline_when_no_model_provider_is_configured() {
        int exit = po(args(false).toArray(String[]::new));

        assertThat(exit).isEqualTo(ReviseCommand.BAD_INPUT);
        assertThat(err.toString()).contains("no model provider is configured", "--offline");
    }

    @Test
    void revises_a_paper_of_several_files_and_writes_each_edit_back_to_its_own_file() throws IOException {
        assumeTrue(new LatexCompiler("latexmk", Duration.ofMinutes(1), directory).available(), "no latexmk");
        List<String> args = args(true);
        Path paper = directory.resolve("paper");
        String tex = RevisionCase.TEX;
        int method = tex.indexOf("\\section{Method}");
        int experiments = tex.indexOf("\\section{Experiments}");
        Files.writeString(Files.createDirectories(paper.resolve("sections")).resolve("method.tex"),
                tex.substring(method, experiments));
        Files.writeString(paper.resolve("paper.tex"), tex.substring(0, method) + "\\input{sections/method}\n"
                + tex.substring(experiments));

        int exit = po(args.toArray(String[]::new));

        assertThat(exit).as(err.toString()).isZero();
        assertThat(Files.readString(directory.resolve("out/sections/method.tex")))
                .contains("The router activates 4 of the 16 experts per token.").doesNotContain("%po-input");
        assertThat(Files.readString(directory.resolve("out/paper.tex"))).contains("\\input{sections/method}")
                .doesNotContain("4 of the 16").contains("AdaBins & 0.103");
    }

    @Test
    void refuses_a_paper_directory_without_a_main_tex() throws IOException {
        Path empty = Files.createDirectories(directory.resolve("empty"));
        Path review = Files.writeString(directory.resolve("r.md"), "Weaknesses:\nThe notation is unclear.");

        int exit = po(empty.toString(), "--reviews", review.toString(), "--offline");

        assertThat(exit).isEqualTo(ReviseCommand.BAD_INPUT);
        assertThat(err.toString()).contains("no .tex file with \\documentclass");
    }
}
