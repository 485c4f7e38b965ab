package dev.paperorchestra.content.latex;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.paperorchestra.runtime.sandbox.Executables;
import dev.paperorchestra.runtime.sandbox.Sandbox;
import dev.paperorchestra.runtime.sandbox.SandboxProperties;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.pdfbox.Loader;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.text.PDFTextStripper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A template's author kit at the compile: its .sty (a macro the paper uses, a header mark on every page), its own
 * .bst and an {@code \input} file in a sub-directory lie beside paper.tex; paths that would leave the job directory
 * or replace the compile's own files are refused; and the kit's code is allowed as far as the sandbox confines it.
 */
class KitCompileTest {

    private static final Duration TIMEOUT = Duration.ofMinutes(2);
    static final String HEADER_MARK = "KITMARK HEADER";

    @TempDir
    Path work;

    /** The kit, generated: the .bst is TeX's installed plain.bst under a name only the kit has. */
    static Map<String, byte[]> kit() throws IOException, InterruptedException {
        Map<String, byte[]> kit = new LinkedHashMap<>();
        kit.put("kitvenue.sty", """
                \\NeedsTeXFormat{LaTeX2e}
                \\ProvidesPackage{kitvenue}[2025/01/01 test venue]
                \\RequirePackage{fancyhdr}
                \\newcommand{\\kitmacro}{Kit macro body text}
                \\pagestyle{fancy}
                \\fancyhf{}
                \\fancyhead[C]{%s}
                \\fancyfoot[C]{\\thepage}
                \\fancypagestyle{plain}{\\fancyhf{}\\fancyhead[C]{%s}\\fancyfoot[C]{\\thepage}}
                \\setlength{\\headheight}{14pt}
                """.formatted(HEADER_MARK, HEADER_MARK).getBytes(StandardCharsets.UTF_8));
        kit.put("sub/kitdefs.tex", "\\newcommand{\\kitinput}{Input file text}\n".getBytes(StandardCharsets.UTF_8));
        kit.put("kitstyle.bst", Files.readAllBytes(installed("plain.bst")));
        return kit;
    }

    static final String PAPER = """
            \\documentclass{article}
            \\usepackage{kitvenue}
            \\input{sub/kitdefs}
            \\begin{document}
            \\section{Introduction}
            \\kitmacro. \\kitinput. As shown by \\cite{knuth84}.
            \\newpage
            \\section{More}
            Second page.
            \\bibliographystyle{kitstyle}
            \\bibliography{references}
            \\end{document}
            """;
    static final String BIB = "@book{knuth84, author = {Donald Knuth}, title = {The TeXbook}, year = {1984}, "
            + "publisher = {Addison-Wesley}}\n";

    @Test
    void the_kit_lies_beside_paper_tex_and_its_header_mark_is_on_every_page() throws Exception {
        assumeTrue(Executables.find("latexmk").isPresent(), "latexmk is missing");
        CompileOutcome outcome = compiler(Sandbox.detect(SandboxProperties.defaults()))
                .compile(new CompileJob("kit", PAPER, BIB, Map.of(), kit()));

        assertThat(outcome).as(outcome.message()).isInstanceOf(CompileOutcome.Compiled.class);
        byte[] pdf = ((CompileOutcome.Compiled) outcome).pdf();
        try (PDDocument document = Loader.loadPDF(pdf)) {
            assertThat(document.getNumberOfPages()).isGreaterThanOrEqualTo(2);
            for (int page = 1; page <= document.getNumberOfPages(); page++) {
                PDFTextStripper stripper = new PDFTextStripper();
                stripper.setStartPage(page);
                stripper.setEndPage(page);
                assertThat(stripper.getText(document)).as("page %d", page).contains(HEADER_MARK);
            }
            String text = new PDFTextStripper().getText(document);
            assertThat(text).contains("Kit macro body text", "Input file text", "The TeXbook");
        }
    }

    @Test
    void without_the_kit_the_same_paper_does_not_compile() throws Exception {
        assumeTrue(Executables.find("latexmk").isPresent(), "latexmk is missing");
        CompileOutcome outcome = compiler(Sandbox.detect(SandboxProperties.defaults()))
                .compile(new CompileJob("nokit", PAPER, BIB, Map.of()));

        assertThat(outcome).isInstanceOf(CompileOutcome.Failed.class);
    }

    @Test
    void a_kit_path_outside_the_job_or_on_the_compiles_own_files_is_refused_and_never_written() throws Exception {
        assumeTrue(Executables.find("latexmk").isPresent(), "latexmk is missing");
        for (String path : new String[] {"../evil.sty", "/tmp/evil.sty", "paper.tex", "references.bib",
                "figures/a.png", "sub/../../x.sty", "latexmkrc", "sample.bib"}) {
            Map<String, byte[]> kit = new LinkedHashMap<>(kit());
            kit.put(path, "\\documentclass{article}\\begin{document}HIJACKED\\end{document}".getBytes(
                    StandardCharsets.UTF_8));
            CompileOutcome outcome = compiler(Sandbox.detect(SandboxProperties.defaults()))
                    .compile(new CompileJob("kitpath", PAPER, BIB, Map.of(), kit));

            assertThat(outcome).as(path).isInstanceOf(CompileOutcome.Failed.class);
            assertThat(outcome.message()).as(path).contains("refused before compiling", path);
        }
        assertThat(work.getParent().resolve("evil.sty")).doesNotExist();
    }

    @Test
    void without_the_sandbox_a_kit_that_reads_files_is_refused_saying_how_to_install_bubblewrap() throws Exception {
        assumeTrue(Executables.find("latexmk").isPresent(), "latexmk is missing");
        Map<String, byte[]> kit = new LinkedHashMap<>(kit());
        kit.put("kitvenue.sty", (new String(kit.get("kitvenue.sty"), StandardCharsets.UTF_8)
                + "\\newread\\kitread\\openin\\kitread=/etc/passwd\n\\input{/etc/hostname}\n")
                .getBytes(StandardCharsets.UTF_8));
        Sandbox none = Sandbox.detect(SandboxProperties.defaults().withMode(SandboxProperties.Mode.NONE));

        CompileOutcome outcome = compiler(none).compile(new CompileJob("kitnone", PAPER, BIB, Map.of(), kit));

        assertThat(outcome).isInstanceOf(CompileOutcome.Failed.class);
        assertThat(outcome.message()).contains("kitvenue.sty", "\\openin", "/etc/hostname", "bubblewrap",
                "apt-get install bubblewrap");
        // the same kit without file-reading code compiles without the sandbox: only what needs it is refused
        assertThat(compiler(none).compile(new CompileJob("kitnone-ok", PAPER, BIB, Map.of(), kit())))
                .isInstanceOf(CompileOutcome.Compiled.class);
    }

    @Test
    void inside_bubblewrap_a_kit_may_read_files_but_never_run_commands() throws Exception {
        assumeTrue(Executables.find("latexmk").isPresent(), "latexmk is missing");
        Sandbox sandbox = Sandbox.detect(SandboxProperties.defaults());
        assumeTrue(sandbox.isolation() == Sandbox.Isolation.BUBBLEWRAP, "bubblewrap cannot run here");
        Map<String, byte[]> reading = new LinkedHashMap<>(kit());
        reading.put("kitvenue.sty", (new String(reading.get("kitvenue.sty"), StandardCharsets.UTF_8)
                + "\\newread\\kitread\\openin\\kitread=sub/kitdefs.tex \\read\\kitread to\\kitline\\closein\\kitread\n"
                + "\\catcode`\\^^A=12 \\csname @input\\endcsname{sub/kitdefs.tex}\n")
                .getBytes(StandardCharsets.UTF_8));
        reading.put("sub/kitdefs.tex", "\\providecommand{\\kitinput}{Input file text}\n".getBytes(
                StandardCharsets.UTF_8));

        assertThat(compiler(sandbox).compile(new CompileJob("kitread", PAPER, BIB, Map.of(), reading)))
                .isInstanceOf(CompileOutcome.Compiled.class);

        for (String command : new String[] {"\\immediate\\write18{touch pwned}", "\\input|\"env\" ",
                "\\directlua{os.execute('touch pwned')}", "\\openin\\kitread=|env "}) {
            Map<String, byte[]> running = new LinkedHashMap<>(kit());
            running.put("kitvenue.sty", (new String(running.get("kitvenue.sty"), StandardCharsets.UTF_8)
                    + "\\newread\\kitread " + command + "\n").getBytes(StandardCharsets.UTF_8));
            CompileOutcome outcome = compiler(sandbox).compile(new CompileJob("kitrun", PAPER, BIB, Map.of(), running));
            assertThat(outcome).as(command).isInstanceOf(CompileOutcome.Failed.class);
            assertThat(outcome.message()).as(command).contains("runs", "kitvenue.sty");
        }
    }

    private LatexCompiler compiler(Sandbox sandbox) {
        return new LatexCompiler("latexmk", TIMEOUT, work.resolve("jobs"), sandbox);
    }

    static Path installed(String file) throws IOException, InterruptedException {
        Process process = new ProcessBuilder("kpsewhich", file).redirectErrorStream(true).start();
        String path = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
        assumeTrue(process.waitFor() == 0 && !path.isEmpty(), "kpsewhich cannot find " + file);
        return Path.of(path);
    }
}
