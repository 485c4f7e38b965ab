package dev.paperorchestra.runtime.sandbox;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.paperorchestra.content.latex.CompileJob;
import dev.paperorchestra.content.latex.CompileOutcome;
import dev.paperorchestra.content.latex.LatexCompiler;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
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
        return "\\documentclass{article}\n\\begin{document}\nHello.\n\\edef\\p{pdf}\\edef\\i{in}\n"
                + body(attack, canary) + "\\end{document}\n";
    }

    /**
     * The same attack from a kit file, the way a document gets past the TeX check (which refuses a name built from
     * macros in paper.tex in every mode) to the sandbox: inside bubblewrap a kit may build names.
     */
    private static byte[] smugglingKit(String attack, Path canary) {
        return ("\\ProvidesPackage{attack}\n\\edef\\p{pdf}\\edef\\i{in}\n\\AtBeginDocument{" + body(attack, canary)
                + "}\n").getBytes(StandardCharsets.UTF_8);
    }

    private static final String KIT_DOCUMENT = "\\documentclass{article}\n\\usepackage{attack}\n\\begin{document}\n"
            + "Hello.\n\\end{document}\n";

    private static String body(String attack, Path canary) {
        return switch (attack) {
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

        LatexCompiler compiler = new LatexCompiler("latexmk", TIMEOUT, workDir,
                Sandbox.detect(SandboxProperties.defaults()));
        CompileOutcome outcome = compiler.compile(new CompileJob("paper", KIT_DOCUMENT, "", Map.of(),
                Map.of("attack.sty", smugglingKit(attack, canary.file()))));

        assertThat(outcome.message()).doesNotContain("refused before compiling");
        assertThat(canary.contains(pdfOf(outcome)) || canary.decodedStreamsContain(pdfOf(outcome))).isFalse();
        assertThat(outcome.message()).doesNotContain(canary.secret());
        assertThat(canary.foundIn(workDir)).isEmpty();
    }

    @Test
    void without_the_sandbox_the_same_document_does_leak_so_the_search_is_real() {
        assumeTrue(Executables.find("latexmk").isPresent(), "latexmk is missing");

        // the TeX check refuses this document in every mode; compiled without the check, it leaks
        byte[] pdf = UncheckedCompile.pdf(smuggling("pdfobj", canary.file()), "-pdf",
                Sandbox.detect(SandboxProperties.defaults().withMode(SandboxProperties.Mode.NONE)),
                root.resolve("unchecked"), TIMEOUT);

        assertThat(canary.decodedStreamsContain(pdf)).isTrue();
    }

    @Test
    void without_the_sandbox_a_template_reads_the_jvm_environment_so_the_environment_search_is_real() {
        assumeTrue(Executables.find("latexmk").isPresent(), "latexmk is missing");
        assertThat(Canary.environmentSecrets()).as("canaries set by surefire").isNotEmpty();
        String tex = "\\documentclass{article}\n\\begin{document}\nHello.\n\\edef\\p{pdf}"
                + "\\expandafter\\let\\expandafter\\grab\\csname\\p obj\\endcsname\n"
                + "\\immediate\\grab stream file {/proc/" + ProcessHandle.current().pid() + "/environ}"
                + "\\pdfrefobj\\pdflastobj\n\\end{document}\n";

        byte[] pdf = UncheckedCompile.pdf(tex, "-pdf",
                Sandbox.detect(SandboxProperties.defaults().withMode(SandboxProperties.Mode.NONE)),
                root.resolve("unchecked"), TIMEOUT);

        // the fallback is no boundary against a document that gets past the check: it says so (docs/security.md,
        // po doctor), and this shows it
        assertThat(canary.decodedStreamsContain(pdf)).isTrue();
    }

    @Test
    void no_process_of_a_run_holds_the_jvm_environment_bubblewrap_itself_included() throws Exception {
        assumeTrue(toolsPresent(), "a working bubblewrap is missing");
        assertThat(Canary.environmentSecrets()).as("canaries set by surefire").isNotEmpty();
        Path job = Files.createDirectories(root.resolve("job"));
        Sandbox sandbox = Sandbox.detect(SandboxProperties.defaults());
        CompletableFuture<SandboxedRun> run = CompletableFuture.supplyAsync(
                () -> sandbox.run(List.of("/bin/sh", "-c", "env; cat /proc/1/environ; ls /proc; sleep 3"),
                        job, Map.of(), Duration.ofSeconds(30), job.resolve("out.txt")));
        // each process's command and environment, read from the host's /proc while the run is going on
        Map<Long, String> commands = new ConcurrentHashMap<>();
        List<String> environments = new ArrayList<>();
        await().atMost(Duration.ofSeconds(20)).until(() -> {
            ProcessHandle.current().descendants().filter(handle -> !commands.containsKey(handle.pid()))
                    .forEach(handle -> {
                        commands.put(handle.pid(), handle.info().command().orElse("?"));
                        try {
                            environments.add(new String(Files.readAllBytes(Path.of("/proc",
                                    Long.toString(handle.pid()), "environ")), StandardCharsets.ISO_8859_1));
                        } catch (IOException gone) {
                            commands.remove(handle.pid());
                        }
                    });
            return commands.values().stream().anyMatch(command -> command.endsWith("sleep"));
        });
        assertThat(run.get()).isInstanceOf(SandboxedRun.Exited.class);

        assertThat(commands.values()).anyMatch(command -> command.endsWith("bwrap"));
        assertThat(environments).isNotEmpty().noneMatch(canary::contains);
        String inside = Files.readString(job.resolve("out.txt"));
        assertThat(canary.contains(inside)).as(inside).isFalse();
        assertThat(inside).contains("/proc/1/environ: No such file");
    }

    @Test
    void the_fallback_gives_a_tool_none_of_the_jvm_environment() throws Exception {
        assertThat(Canary.environmentSecrets()).as("canaries set by surefire").isNotEmpty();
        Path job = Files.createDirectories(root.resolve("job"));
        Sandbox sandbox = Sandbox.detect(SandboxProperties.defaults().withMode(SandboxProperties.Mode.NONE));

        SandboxedRun run = sandbox.run(List.of("/bin/sh", "-c", "env; cat /proc/self/environ"), job,
                Map.of("openin_any", "p"), Duration.ofSeconds(30), job.resolve("out.txt"));

        String seen = Files.readString(job.resolve("out.txt"));
        assertThat(run).isInstanceOf(SandboxedRun.Exited.class);
        assertThat(seen).contains("openin_any=p", "HOME=" + job);
        assertThat(canary.contains(seen)).as(seen).isFalse();
    }

    @Test
    void a_tex_write_loop_is_killed_at_the_file_size_limit() {
        assumeTrue(toolsPresent(), "latexmk or a working bubblewrap is missing");
        CompileOutcome outcome = compile(writeLoop(), limits(DataSize.ofMegabytes(1), DataSize.ofMegabytes(64)));

        assertThat(outcome).isInstanceOf(CompileOutcome.Failed.class);
        assertThat(largestFile(workDir)).isLessThanOrEqualTo(DataSize.ofMegabytes(1).toBytes());
    }

    @Test
    void a_job_directory_over_its_cap_is_stopped_and_trimmed_even_when_kept() {
        assumeTrue(toolsPresent(), "latexmk or a working bubblewrap is missing");
        CompileOutcome outcome = compile(writeLoop(), limits(DataSize.ofMegabytes(64), DataSize.ofMegabytes(2)));

        assertThat(outcome.message()).contains("po.sandbox.job-dir-size");
        assertThat(JobDirectoryCap.used(workDir)).isLessThanOrEqualTo(DataSize.ofMegabytes(2).toBytes());
    }

    private static SandboxProperties limits(DataSize fileSize, DataSize jobDirSize) {
        return new SandboxProperties(SandboxProperties.Mode.BWRAP, "bwrap", Duration.ofSeconds(60),
                DataSize.ofGigabytes(2), fileSize, 256, jobDirSize, DataSize.ofMegabytes(64));
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
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
