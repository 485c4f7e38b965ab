package dev.paperorchestra.cli.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import picocli.CommandLine;

/**
 * {@code po run}'s exit code tells the truth about the paper: 0 for a compiled paper that passed every gate
 * (here from materials holding the characters that broke pdfLaTeX before), 1 for a paper written without its PDF
 * (TeX missing), 0 for that paper with {@code --allow-incomplete}.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ExitCodesIT {

    private static final Path CVPR = Path.of("..", "examples", "cvpr-sparse-depth").toAbsolutePath().normalize();
    /** U+03D5, U+039F, U+1DB4 and a combining mark with no letter under it. */
    private static final String HOSTILE = "\n\nThe phase \u03d5 of the \u039f-ring sensor (ear\u1db4 mark) "
            + "\u0301 stays fixed.\n";

    private Path work;
    private Path materials;

    private record Run(int exit, String console) {
    }

    @BeforeAll
    void materials() throws Exception {
        Files.createDirectories(Path.of("target"));
        work = Files.createTempDirectory(Path.of("target"), "exit-codes-").toAbsolutePath();
        materials = work.resolve("materials");
        Files.createDirectories(materials);
        try (Stream<Path> files = Files.list(CVPR)) {
            for (Path file : files.filter(Files::isRegularFile).toList()) {
                Files.copy(file, materials.resolve(file.getFileName()));
            }
        }
        for (String file : List.of("idea.md", "experimental_log.md")) {
            Files.writeString(materials.resolve(file), Files.readString(materials.resolve(file)) + HOSTILE);
        }
    }

    private Run po(String paperId, Map<String, String> environment, String... extra) {
        ByteArrayOutputStream console = new ByteArrayOutputStream();
        RunCommand command = new RunCommand();
        PrintStream out = new PrintStream(console, true, StandardCharsets.UTF_8);
        command.stdout = out;
        command.stderr = out;
        command.environment = environment;
        List<String> args = new ArrayList<>(List.of(materials.toString(), "--offline", "--iterations", "1",
                "--paper-id", paperId, "--state-dir", work.resolve("state").toString(),
                "--out", work.resolve("out").toString(), "--timeout", "PT4M"));
        args.addAll(List.of(extra));
        int exit = new CommandLine(command).execute(args.toArray(String[]::new));
        return new Run(exit, console.toString());
    }

    @Test
    void materials_with_any_unicode_character_compile_and_a_complete_paper_exits_0() {
        Run run = po("unicode", Map.of());

        assertThat(run.exit()).as(run.console()).isZero();
        assertThat(work.resolve("out/unicode/paper.pdf")).isNotEmptyFile();
    }

    @Test
    void a_paper_without_its_pdf_exits_1_naming_why_and_0_only_when_the_user_accepts_it() {
        Map<String, String> noTex = Map.of(RunCommand.LATEXMK_ENV, work.resolve("no-tex/latexmk").toString());

        Run missing = po("no-tex", noTex);

        assertThat(missing.exit()).as(missing.console()).isEqualTo(RunCommand.PAPER_FAILED);
        assertThat(missing.console()).contains("NOTICE TeX:", "pass --no-pdf", "apt-get install latexmk",
                "paper no-tex was written to", "paper.pdf: compile skipped");
        assertThat(work.resolve("out/no-tex/paper.tex")).isNotEmptyFile();
        assertThat(work.resolve("out/no-tex/paper.pdf")).doesNotExist();

        Run allowed = po("no-tex-allowed", noTex, "--allow-incomplete");

        assertThat(allowed.exit()).as(allowed.console()).isZero();
        assertThat(allowed.console()).contains("--allow-incomplete: exiting 0");
    }
}
