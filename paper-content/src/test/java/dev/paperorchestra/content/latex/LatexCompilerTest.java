package dev.paperorchestra.content.latex;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.paperorchestra.runtime.sandbox.Sandbox;
import dev.paperorchestra.runtime.sandbox.SandboxProperties;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LatexCompilerTest {

    private static final Duration TIMEOUT = Duration.ofSeconds(120);
    private static final String DOCUMENT = """
            \\documentclass{article}
            \\usepackage{graphicx}
            \\begin{document}
            Depth from one image~\\cite{eigen2014depth}.%s
            \\begin{figure}[t]
            \\centering
            \\includegraphics[width=0.5\\linewidth]{figures/fig_demo.png}
            \\caption{A demo figure.}
            \\end{figure}
            \\bibliographystyle{plain}
            \\bibliography{references}
            \\end{document}
            """;

    @TempDir
    Path workDir;

    private boolean latexmkInstalled() {
        return new LatexCompiler("latexmk", TIMEOUT, workDir).available();
    }

    private static final String BIBLIOGRAPHY = """
            @inproceedings{eigen2014depth,
              title = {Depth Map Prediction from a Single Image using a Multi-Scale Deep Network},
              author = {Eigen, David and Puhrsch, Christian and Fergus, Rob},
              booktitle = {Advances in Neural Information Processing Systems},
              year = {2014}
            }
            """;

    private static CompileJob job(String extra) {
        return jobOf(DOCUMENT.formatted(extra));
    }

    private static CompileJob jobOf(String tex) {
        return new CompileJob("paper-1", tex, BIBLIOGRAPHY, Map.of("fig_demo.png", png(200, 120)));
    }

    static byte[] png(int width, int height) {
        try (ByteArrayOutputStream out = new ByteArrayOutputStream()) {
            ImageIO.write(new BufferedImage(width, height, BufferedImage.TYPE_INT_RGB), "png", out);
            return out.toByteArray();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Test
    void compiles_a_document_with_a_figure_and_a_citation() {
        assumeTrue(latexmkInstalled(), "latexmk is not on PATH");

        CompileOutcome outcome = new LatexCompiler("latexmk", TIMEOUT, workDir).compile(job(""));

        assertThat(outcome).isInstanceOfSatisfying(CompileOutcome.Compiled.class, compiled -> {
            assertThat(compiled.pages()).isGreaterThanOrEqualTo(1);
            assertThat(new String(compiled.pdf(), 0, 5, StandardCharsets.ISO_8859_1)).isEqualTo("%PDF-");
            assertThat(compiled.undefinedCitationsAndReferences()).isEmpty();
        });
    }

    @Test
    void the_job_directory_is_removed_after_a_successful_compile() throws IOException {
        assumeTrue(latexmkInstalled(), "latexmk is not on PATH");

        new LatexCompiler("latexmk", TIMEOUT, workDir).compile(job(""));

        try (Stream<Path> left = Files.list(workDir)) {
            assertThat(left).isEmpty();
        }
    }

    @Test
    void undefined_citations_and_references_are_reported_as_warnings() {
        assumeTrue(latexmkInstalled(), "latexmk is not on PATH");

        CompileOutcome outcome = new LatexCompiler("latexmk", TIMEOUT, workDir)
                .compile(job(" See \\cite{nobody2020} and Table~\\ref{tab:none}."));

        assertThat(outcome).isInstanceOfSatisfying(CompileOutcome.Compiled.class, compiled ->
                assertThat(compiled.undefinedCitationsAndReferences()).containsExactly(
                        "Citation `nobody2020' undefined", "Reference `tab:none' undefined"));
    }

    @Test
    void a_latex_error_fails_with_the_error_line_and_keeps_the_job_directory() throws IOException {
        assumeTrue(latexmkInstalled(), "latexmk is not on PATH");

        CompileOutcome outcome = new LatexCompiler("latexmk", TIMEOUT, workDir).compile(job(" \\undefinedmacro"));

        assertThat(outcome).isInstanceOfSatisfying(CompileOutcome.Failed.class, failed ->
                assertThat(failed.errors()).containsExactly(
                        new LatexIssue(LatexIssue.Kind.ERROR, "Undefined control sequence.", null, 4)));
        assertThat(workDir.resolve("paper-1-1").resolve("paper.log")).isRegularFile();
    }

    @Test
    void input_of_an_absolute_path_is_refused_before_compiling_with_its_line() {
        assumeTrue(latexmkInstalled(), "latexmk is not on PATH");

        CompileOutcome outcome = new LatexCompiler("latexmk", TIMEOUT, workDir)
                .compile(job(" \\input{/etc/hostname}"));

        assertThat(outcome).isInstanceOfSatisfying(CompileOutcome.Failed.class, failed ->
                assertThat(failed.errors()).first().satisfies(error -> {
                    assertThat(error.message()).startsWith("refused before compiling: \\input{/etc/hostname");
                    assertThat(error.line()).isPositive();
                }));
        assertThat(workDir).isEmptyDirectory();
    }

    @Test
    void each_compile_of_a_paper_gets_a_fresh_directory() throws IOException {
        Path fake = script("exit 3");
        LatexCompiler compiler = new LatexCompiler(fake.toString(), TIMEOUT, workDir.resolve("jobs"));

        compiler.compile(job(""));
        compiler.compile(job(""));

        try (Stream<Path> jobs = Files.list(workDir.resolve("jobs"))) {
            assertThat(jobs.map(path -> path.getFileName().toString())).containsExactlyInAnyOrder("paper-1-1",
                    "paper-1-2");
        }
    }

    @Test
    void a_failure_without_latex_errors_reports_the_exit_code() throws IOException {
        Path fake = script("exit 3");

        CompileOutcome outcome = new LatexCompiler(fake.toString(), TIMEOUT, workDir.resolve("jobs")).compile(job(""));

        assertThat(outcome.message()).isEqualTo("latexmk exited with code 3 and no PDF");
    }

    @Test
    void a_figure_name_that_leaves_the_figures_directory_is_not_written() throws IOException {
        Path fake = script("exit 3");
        CompileJob job = new CompileJob("paper-1", "x", "", Map.of("../escaped.png", new byte[] {1}));

        new LatexCompiler(fake.toString(), TIMEOUT, workDir.resolve("jobs")).compile(job);

        assertThat(workDir.resolve("jobs").resolve("paper-1-1").resolve("escaped.png")).doesNotExist();
    }

    @Test
    void a_run_past_the_timeout_is_stopped_and_fails() throws IOException {
        Path fake = script("sleep 60 & sleep 60");
        Instant start = Instant.now();

        CompileOutcome outcome = new LatexCompiler(fake.toString(), Duration.ofSeconds(1), workDir.resolve("jobs"))
                .compile(job(""));

        assertThat(outcome).isInstanceOf(CompileOutcome.Failed.class);
        assertThat(outcome.message()).isEqualTo("latexmk did not finish within 1 s and was stopped");
        assertThat(Duration.between(start, Instant.now())).isLessThan(Duration.ofSeconds(20));
    }

    @Test
    void a_missing_latexmk_skips_the_pdf_with_the_reason() {
        CompileOutcome outcome = new LatexCompiler("latexmk-not-installed-here", TIMEOUT, workDir).compile(job(""));

        assertThat(outcome).isEqualTo(new CompileOutcome.Skipped(
                "latexmk-not-installed-here not found on PATH; install TeX Live to get paper.pdf"));
    }

    @Test
    void a_latexmk_path_that_does_not_exist_skips_the_pdf() {
        CompileOutcome outcome = new LatexCompiler(workDir.resolve("no/latexmk").toString(), TIMEOUT, workDir)
                .compile(job(""));

        assertThat(outcome).isInstanceOfSatisfying(CompileOutcome.Skipped.class, skipped ->
                assertThat(skipped.reason()).endsWith("not found on PATH; install TeX Live to get paper.pdf"));
    }

    @Test
    void a_malicious_template_neither_runs_commands_nor_writes_outside_the_job_directory() {
        assumeTrue(latexmkInstalled(), "latexmk is not on PATH");
        Path pwned = workDir.resolve("pwned");
        Path written = workDir.resolve("written.tex");
        String tex = """
                \\documentclass{article}
                \\begin{document}
                Hello.
                \\immediate\\write18{touch %s}
                \\newwrite\\out
                \\immediate\\openout\\out=%s
                \\immediate\\write\\out{escaped}
                \\immediate\\closeout\\out
                \\end{document}
                """.formatted(pwned, written);

        CompileOutcome outcome = new LatexCompiler("latexmk", TIMEOUT, workDir.resolve("jobs")).compile(jobOf(tex));

        assertThat(pwned).doesNotExist();
        assertThat(written).doesNotExist();
        assertThat(outcome).isInstanceOfSatisfying(CompileOutcome.Failed.class, failed ->
                assertThat(failed.message()).contains("refused before compiling", "\\write18", "\\openout"));
    }

    @Test
    void a_piped_input_does_not_run_its_command() {
        assumeTrue(latexmkInstalled(), "latexmk is not on PATH");
        Path pwned = workDir.resolve("piped");
        String tex = "\\documentclass{article}\n\\begin{document}\nHi.\n\\input|\"touch " + pwned
                + "\"\n\\end{document}\n";

        CompileOutcome outcome = new LatexCompiler("latexmk", TIMEOUT, workDir.resolve("jobs")).compile(jobOf(tex));

        assertThat(pwned).doesNotExist();
        assertThat(outcome).isInstanceOfSatisfying(CompileOutcome.Failed.class, failed ->
                assertThat(failed.message()).contains("refused before compiling", "pipe"));
    }

    @Test
    void a_malicious_template_cannot_read_system_files() {
        assumeTrue(latexmkInstalled(), "latexmk is not on PATH");
        String tex = """
                \\documentclass{article}
                \\begin{document}
                \\input{/etc/passwd}
                \\input{../../secret}
                \\end{document}
                """;

        CompileOutcome outcome = new LatexCompiler("latexmk", TIMEOUT, workDir).compile(jobOf(tex));

        assertThat(outcome).isInstanceOfSatisfying(CompileOutcome.Failed.class, failed -> {
            assertThat(failed.errors()).extracting(LatexIssue::line).containsExactly(3, 4);
            assertThat(failed.message()).contains("/etc/passwd", "parent directory").doesNotContain("root:");
        });
    }

    @Test
    void a_template_needing_a_package_tex_lacks_fails_naming_the_package() {
        assumeTrue(latexmkInstalled(), "latexmk is not on PATH");
        String tex = """
                \\documentclass{article}
                \\usepackage{nosuchvenuestyle}
                \\begin{document}
                Hello.
                \\end{document}
                """;

        CompileOutcome outcome = new LatexCompiler("latexmk", TIMEOUT, workDir).compile(jobOf(tex));

        assertThat(outcome).isInstanceOfSatisfying(CompileOutcome.Failed.class, failed -> {
            assertThat(failed.errors()).first().satisfies(error -> {
                assertThat(error.kind()).isEqualTo(LatexIssue.Kind.MISSING_PACKAGE);
                assertThat(error.subject()).isEqualTo("nosuchvenuestyle.sty");
            });
            assertThat(failed.message()).contains("LaTeX package `nosuchvenuestyle'");
        });
    }

    @Test
    void the_page_count_is_read_from_the_pdf() {
        assumeTrue(latexmkInstalled(), "latexmk is not on PATH");
        String tex = """
                \\documentclass{article}
                \\begin{document}
                One.\\newpage Two.\\newpage Three.
                \\end{document}
                """;

        CompileOutcome outcome = new LatexCompiler("latexmk", TIMEOUT, workDir).compile(jobOf(tex));

        assertThat(outcome).isInstanceOfSatisfying(CompileOutcome.Compiled.class, compiled -> {
            assertThat(compiled.pages()).isEqualTo(3);
            assertThat(PdfPages.count(compiled.pdf())).contains(3);
        });
    }

    @Test
    void main_text_pages_end_where_the_references_begin() {
        assumeTrue(latexmkInstalled(), "latexmk is not on PATH");
        String tex = """
                \\documentclass{article}
                \\begin{document}
                One~\\cite{eigen2014depth}.\\newpage Two.
                \\newpage
                \\bibliographystyle{plain}
                \\bibliography{references}
                \\appendix
                \\section{Extra}
                Appendix text.\\newpage More appendix.
                \\end{document}
                """;

        CompileOutcome outcome = new LatexCompiler("latexmk", TIMEOUT, workDir).compile(jobOf(tex));

        assertThat(outcome).isInstanceOfSatisfying(CompileOutcome.Compiled.class, compiled -> {
            assertThat(compiled.pages()).isEqualTo(4);
            assertThat(PdfPages.mainTextPages(compiled.pdf())).contains(2);
        });
    }

    /**
     * A compiled paper whose ethics statement (an unnumbered section after the conclusion) starts a third page:
     * with the guidelines exempting it the main text is two pages, otherwise three.
     */
    @Test
    void main_text_pages_end_at_an_ethics_statement_only_when_the_guidelines_do_not_count_it() {
        assumeTrue(latexmkInstalled(), "latexmk is not on PATH");
        String tex = """
                \\documentclass{article}
                \\begin{document}
                \\section{Introduction}
                One~\\cite{eigen2014depth}.\\newpage
                \\section{Conclusion}
                Two.\\newpage
                \\section*{Ethics Statement}
                %s
                \\bibliographystyle{plain}
                \\bibliography{references}
                \\end{document}
                """.formatted("The study uses public data only and raises no ethical concern we know of. ".repeat(8));

        CompileOutcome outcome = new LatexCompiler("latexmk", TIMEOUT, workDir).compile(jobOf(tex));

        assertThat(outcome).isInstanceOfSatisfying(CompileOutcome.Compiled.class, compiled -> {
            assertThat(compiled.pages()).isEqualTo(3);
            assertThat(PdfPages.mainTextPages(compiled.pdf(), List.of("references", "ethics statement"))).contains(2);
            assertThat(PdfPages.mainTextPages(compiled.pdf(), List.of("references"))).contains(3);
        });
    }

    @Test
    void floats_deferred_past_the_references_count_as_main_text() {
        assumeTrue(latexmkInstalled(), "latexmk is not on PATH");
        String floats = "\\begin{table}[t]\\caption{A table.}\\rule{1cm}{6cm}\\end{table}\n".repeat(4);
        String tex = "\\documentclass{article}\n\\begin{document}\nOne~\\cite{eigen2014depth}.\n" + floats
                + "\\bibliographystyle{plain}\n\\bibliography{references}\n\\end{document}\n";

        CompileOutcome outcome = new LatexCompiler("latexmk", TIMEOUT, workDir).compile(jobOf(tex));

        assertThat(outcome).isInstanceOfSatisfying(CompileOutcome.Compiled.class, compiled -> {
            assertThat(compiled.pages()).isGreaterThanOrEqualTo(2);
            assertThat(PdfPages.mainTextPages(compiled.pdf())).contains(compiled.pages());
        });
    }

    private static final String UNICODE_DOCUMENT = """
            %% !TEX program = %s
            \\documentclass{article}
            \\usepackage{fontspec}
            \\begin{document}
            Caf\u00e9 na\u00efve%s.
            \\end{document}
            """;

    private static Sandbox sandbox(SandboxProperties.Mode mode) {
        return Sandbox.detect(SandboxProperties.defaults().withMode(mode));
    }

    @Test
    void lualatex_compiles_inside_bubblewrap() {
        assumeTrue(latexmkInstalled(), "latexmk is not on PATH");
        Sandbox bubblewrap = sandbox(SandboxProperties.Mode.AUTO);
        assumeTrue(bubblewrap.isolation() == Sandbox.Isolation.BUBBLEWRAP, "bubblewrap cannot run here");
        String tex = UNICODE_DOCUMENT.formatted("lualatex", "");

        CompileOutcome outcome = new LatexCompiler("latexmk", TIMEOUT, workDir, bubblewrap).compile(jobOf(tex));

        assertThat(outcome).isInstanceOfSatisfying(CompileOutcome.Compiled.class, compiled ->
                assertThat(compiled.pages()).isEqualTo(1));
    }

    @Test
    void lualatex_is_refused_without_bubblewrap_naming_the_reason_and_the_file() {
        assumeTrue(latexmkInstalled(), "latexmk is not on PATH");
        String tex = UNICODE_DOCUMENT.formatted("lualatex", "");

        CompileOutcome outcome = new LatexCompiler("latexmk", TIMEOUT, workDir, sandbox(SandboxProperties.Mode.NONE))
                .compile(jobOf(tex));

        assertThat(outcome).isInstanceOfSatisfying(CompileOutcome.Failed.class, failed -> {
            assertThat(failed.errors()).singleElement().satisfies(error -> {
                assertThat(error.subject()).isEqualTo("paper.tex");
                assertThat(error.line()).isEqualTo(1);
            });
            assertThat(failed.message()).contains("refused before compiling", "LuaLaTeX", "bubblewrap");
        });
        assertThat(workDir).isEmptyDirectory();
    }

    @Test
    void xelatex_compiles_with_and_without_bubblewrap() {
        assumeTrue(latexmkInstalled(), "latexmk is not on PATH");
        String tex = UNICODE_DOCUMENT.formatted("xelatex", "");

        for (SandboxProperties.Mode mode : List.of(SandboxProperties.Mode.AUTO, SandboxProperties.Mode.NONE)) {
            CompileOutcome outcome = new LatexCompiler("latexmk", TIMEOUT, workDir.resolve(mode.name()),
                    sandbox(mode)).compile(jobOf(tex));

            assertThat(outcome).as(mode.name()).isInstanceOf(CompileOutcome.Compiled.class);
        }
    }

    /** A stand-in for latexmk: a shell script (the tests using it need a POSIX shell). */
    private Path script(String body) throws IOException {
        assumeTrue(Files.isExecutable(Path.of("/bin/sh")), "no POSIX shell");
        Path script = Files.writeString(workDir.resolve("fake-latexmk"), "#!/bin/sh\n" + body + "\n");
        Files.setPosixFilePermissions(script, PosixFilePermissions.fromString("rwxr-xr-x"));
        return script;
    }
}
