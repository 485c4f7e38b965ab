package dev.paperorchestra.writer;

import static dev.paperorchestra.writer.TestMaterials.figure;
import static dev.paperorchestra.writer.TestMaterials.literatureDraft;
import static dev.paperorchestra.writer.TestMaterials.read;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.paperorchestra.base.errors.PermanentException;
import dev.paperorchestra.content.latex.CompileJob;
import dev.paperorchestra.content.latex.CompileOutcome;
import dev.paperorchestra.content.latex.LatexCompiler;
import dev.paperorchestra.runtime.sandbox.Canary;
import dev.paperorchestra.runtime.sandbox.Sandbox;
import dev.paperorchestra.runtime.sandbox.SandboxProperties;
import dev.paperorchestra.writer.sections.SectionWriter;
import dev.paperorchestra.writer.sections.WriterInputs;
import dev.paperorchestra.writer.sections.WrittenPaper;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The input rules on their own (the sandbox switched off): math in the idea and in the log's observations that
 * tries to read a canary file outside the job directory is escaped as text, so the offline draft compiles and
 * no byte of the canary is in the PDF (every stream decoded) or the job directory; a figure whose file name
 * carries TeX is never included.
 */
class HostileMaterialsTest {

    @TempDir
    Path root;

    @Test
    void file_reading_math_in_the_idea_and_the_log_reaches_the_pdf_only_as_text() {
        Canary canary = Canary.plant(root.resolve("outside"));
        Path workDir = root.resolve("jobs");
        LatexCompiler compiler = new LatexCompiler("latexmk", Duration.ofSeconds(120), workDir,
                Sandbox.detect(SandboxProperties.defaults().withMode(SandboxProperties.Mode.NONE)));
        assumeTrue(compiler.available(), "latexmk is not on PATH");
        String file = canary.file().toString();
        String attack = "We embed $x \\immediate\\pdfobj stream file {" + file + "}\\pdfrefobj\\pdflastobj$ and dump "
                + "$\\pdffiledump offset 0 length 64 {" + file + "}$.\n\n$$\\input{" + file + "}$$\n\n";
        String idea = read(TestMaterials.CVPR, "idea.md").replaceFirst("## Core idea\n\n",
                Matcher.quoteReplacement("## Core idea\n\n" + attack));
        String log = read(TestMaterials.CVPR, "experimental_log.md") + "\n\n## Observations\n\n"
                + "- Reading $\\newread\\r \\openin\\r=" + file + " \\read\\r to\\x \\x$ improved it.\n"
                + "- Also $\\input{../outside/canary.txt}$ and $^^5cinput{" + file + "}$.\n";
        WriterInputs inputs = new WriterInputs(literatureDraft(read(TestMaterials.CVPR, "template.tex")), idea, log,
                List.of());

        WrittenPaper paper = new SectionWriter().write(inputs);
        CompileOutcome outcome = compiler.compile(new CompileJob("hostile", paper.tex(),
                TestMaterials.bibliography(), Map.of()));

        assertThat(paper.tex()).contains("\\textbackslash{}pdfobj stream file", "\\textbackslash{}pdffiledump",
                "\\textbackslash{}openin").doesNotContain("\\pdfobj", "\\pdffiledump",
                "\\openin", "\\input{" + file);
        assertThat(outcome).as(outcome.message()).isInstanceOfSatisfying(CompileOutcome.Compiled.class, compiled -> {
            assertThat(canary.contains(compiled.pdf())).isFalse();
            assertThat(canary.decodedStreamsContain(compiled.pdf())).isFalse();
        });
        assertThat(canary.foundIn(workDir)).isEmpty();
    }

    @Test
    void a_figure_whose_file_name_carries_tex_is_refused_not_included() {
        WriterInputs inputs = new WriterInputs(literatureDraft(read(TestMaterials.CVPR, "template.tex")),
                read(TestMaterials.CVPR, "idea.md"), read(TestMaterials.CVPR, "experimental_log.md"),
                List.of(figure("fig_x", "x}\\immediate\\pdfobj stream file{/etc/passwd}{.pdf", "4:3")));

        assertThatThrownBy(() -> new SectionWriter().write(inputs)).isInstanceOf(PermanentException.class)
                .hasMessageContaining("is not a generated safe name");
    }
}
