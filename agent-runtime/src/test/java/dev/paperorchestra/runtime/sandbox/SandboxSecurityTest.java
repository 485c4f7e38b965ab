package dev.paperorchestra.runtime.sandbox;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.paperorchestra.runtime.latex.CompileJob;
import dev.paperorchestra.runtime.latex.CompileOutcome;
import dev.paperorchestra.runtime.latex.LatexCompiler;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.springframework.util.unit.DataSize;

/**
 * The second layer on its own: documents that slip past the primitive refusal (TeX builds the forbidden names
 * at run time) are compiled in the sandbox, and no byte of a canary file outside the job directory may reach
 * any output, decoded PDF streams included. The same document without the sandbox shows the canary is found
 * when it does leak, so these tests can fail.
 */
class SandboxSecurityTest {

    private static final Duration TIMEOUT = Duration.ofSeconds(120);

    @TempDir
    Path root;
    private Canary canary;
    private Path workDir;

    @BeforeEach
    void plant() {
        canary = Canary.plant(root.resolve("outside"));
        workDir = root.resolve("jobs");
    }

    private static boolean toolsPresent() {
        return Executables.find("latexmk").isPresent()
                && Sandbox.detect(SandboxProperties.defaults()).isolation() == Sandbox.Isolation.BUBBLEWRAP;
    }

    /** Each reads the canary with a primitive whose name is only built while TeX runs. */
    private static String smuggling(String attack, Path canary) {
        String body = switch (attack) {
            case "pdfobj" -> "\\expandafter\\let\\expandafter\\grab\\csname\\p obj\\endcsname\n"
                    + "\\immediate\\grab stream file {" + canary + "}\\pdfrefobj\\pdflastobj\n";
            case "pdffiledump" -> "\\expandafter\\let\\expandafter\\grab\\csname\\p filedump\\endcsname\n"
                    + "Dump: \\grab offset 0 length 60 {" + canary + "}.\n";
            case "input" -> "\\csname\\i put\\endcsname{" + canary + "}\n";
            case "input-parent" -> "\\csname\\i put\\endcsname{../../outside/canary.txt}\n";
            case "openin" -> "\\newread\\r \\csname open\\i\\endcsname\\r=" + canary + " \\read\\r to\\line "
                    + "Read: \\line.\n";
            default -> throw new IllegalArgumentException(attack);
        };
        return "\\documentclass{article}\n\\begin{document}\nHello.\n\\edef\\p{pdf}\\edef\\i{in}\n" + body
                + "\\end{document}\n";
    }

    private CompileOutcome compile(String tex, SandboxProperties limits) {
        LatexCompiler compiler = new LatexCompiler("latexmk", TIMEOUT, workDir, Sandbox.detect(limits));
        return compiler.compile(new CompileJob("paper", tex, "", Map.of()));
    }

    private static byte[] pdfOf(CompileOutcome outcome) {
        return outcome instanceof CompileOutcome.Compiled compiled ? compiled.pdf() : new byte[0];
    }

    @ParameterizedTest
    @ValueSource(strings = {"pdfobj", "pdffiledump", "input", "input-parent", "openin"})
    void the_sandbox_alone_keeps_a_file_outside_the_job_out_of_every_output(String attack) {
        assumeTrue(toolsPresent(), "latexmk or a working bubblewrap is missing");

        CompileOutcome outcome = compile(smuggling(attack, canary.file()), SandboxProperties.defaults());

        assertThat(canary.contains(pdfOf(outcome)) || canary.decodedStreamsContain(pdfOf(outcome))).isFalse();
        assertThat(outcome.message()).doesNotContain(canary.secret());
        assertThat(canary.foundIn(workDir)).isEmpty();
    }

    @Test
    void without_the_sandbox_the_same_document_does_leak_so_the_search_is_real() {
        assumeTrue(Executables.find("latexmk").isPresent(), "latexmk is missing");

        CompileOutcome outcome = compile(smuggling("pdfobj", canary.file()),
                SandboxProperties.defaults().withMode(SandboxProperties.Mode.NONE));

        assertThat(canary.decodedStreamsContain(pdfOf(outcome))).isTrue();
    }

    @Test
    void a_tex_write_loop_is_killed_at_the_file_size_limit() {
        assumeTrue(toolsPresent(), "latexmk or a working bubblewrap is missing");
        SandboxProperties limits = new SandboxProperties(SandboxProperties.Mode.BWRAP, "bwrap",
                Duration.ofSeconds(60), DataSize.ofGigabytes(2), DataSize.ofMegabytes(1), 256, DataSize.ofMegabytes(64));

        CompileOutcome outcome = compile(writeLoop(), limits);

        assertThat(outcome).isInstanceOf(CompileOutcome.Failed.class);
        assertThat(largestFile(workDir)).isLessThanOrEqualTo(DataSize.ofMegabytes(1).toBytes());
    }

    @Test
    void a_job_directory_over_its_cap_is_stopped_and_trimmed_even_when_kept() {
        assumeTrue(toolsPresent(), "latexmk or a working bubblewrap is missing");
        SandboxProperties limits = new SandboxProperties(SandboxProperties.Mode.BWRAP, "bwrap",
                Duration.ofSeconds(60), DataSize.ofGigabytes(2), DataSize.ofMegabytes(64), 256, DataSize.ofMegabytes(2));

        CompileOutcome outcome = compile(writeLoop(), limits);

        assertThat(outcome.message()).contains("po.sandbox.job-dir-size");
        assertThat(JobDirectoryCap.used(workDir)).isLessThanOrEqualTo(DataSize.ofMegabytes(2).toBytes());
    }

    private static String writeLoop() {
        return """
                \\documentclass{article}
                \\begin{document}
                Hello.
                \\newwrite\\out \\immediate\\openout\\out=flood.txt
                \\def\\line{xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx}
                \\loop\\immediate\\write\\out{\\line\\line\\line\\line\\line\\line\\line\\line}\\iftrue\\repeat
                \\end{document}
                """;
    }

    private static long largestFile(Path directory) {
        try (Stream<Path> files = Files.walk(directory)) {
            return files.filter(Files::isRegularFile).mapToLong(path -> path.toFile().length()).max().orElse(0);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
