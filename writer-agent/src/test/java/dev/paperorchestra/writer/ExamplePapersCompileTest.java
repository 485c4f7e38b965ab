package dev.paperorchestra.writer;

import static dev.paperorchestra.writer.TestMaterials.figure;
import static dev.paperorchestra.writer.TestMaterials.literatureDraft;
import static dev.paperorchestra.writer.TestMaterials.read;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.paperorchestra.content.integrity.DraftUnderCheck;
import dev.paperorchestra.content.latex.CompileOutcome;
import dev.paperorchestra.content.latex.LatexCompiler;
import dev.paperorchestra.content.materials.Guidelines;
import dev.paperorchestra.writer.repair.CheckedDraft;
import dev.paperorchestra.writer.repair.DraftRepairLoop;
import dev.paperorchestra.writer.repair.RepairLimits;
import dev.paperorchestra.writer.repair.Repairer;
import dev.paperorchestra.writer.sections.SectionWriter;
import dev.paperorchestra.writer.sections.WriterInputs;
import dev.paperorchestra.writer.sections.WrittenPaper;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The offline draft of each example compiles, with every figure, table, citation and reference resolved, passes
 * every integrity gate, and keeps its main text within the venue's page limit.
 */
class ExamplePapersCompileTest {

    private static final Map<String, byte[]> FILES = Map.of(
            "fig_framework_overview.png", TestMaterials.png(420, 180),
            "fig_sweep.png", TestMaterials.png(400, 300),
            "fig_tall.png", TestMaterials.png(180, 320));

    @TempDir
    Path workDir;

    @ParameterizedTest
    @ValueSource(strings = {TestMaterials.CVPR, TestMaterials.ICLR})
    void the_offline_draft_of_an_example_compiles_cleanly_and_passes_every_gate(String example) {
        LatexCompiler compiler = new LatexCompiler("latexmk", Duration.ofSeconds(120), workDir);
        assumeTrue(compiler.available(), "latexmk is not on PATH");
        WriterInputs inputs = new WriterInputs(literatureDraft(read(example, "template.tex")),
                read(example, "idea.md"), read(example, "experimental_log.md"),
                List.of(figure("fig_framework_overview", "fig_framework_overview.png", "21:9"),
                        figure("fig_sweep", "fig_sweep.png", "4:3"),
                        figure("fig_tall", "fig_tall.png", "9:16")));
        WrittenPaper paper = new SectionWriter().write(inputs);
        Guidelines guidelines = Guidelines.parse(read(example, "conference_guidelines.md"));

        CheckedDraft checked = new DraftRepairLoop(compiler, new RepairLimits(0, 0, 0)).check(example, paper.tex(),
                new DraftUnderCheck(paper.tex(), TestMaterials.bibliography(), inputs.experimentalLog(),
                        inputs.idea(), List.copyOf(FILES.keySet()), FILES.keySet(), guidelines.mandatorySections(),
                        List.of()),
                FILES, guidelines.pageLimit().orElse(null), Repairer.NONE);

        assertThat(checked.compile()).isInstanceOfSatisfying(CompileOutcome.Compiled.class, compiled -> {
            assertThat(compiled.pages()).isGreaterThanOrEqualTo(3);
            assertThat(compiled.undefinedCitationsAndReferences()).isEmpty();
        });
        assertThat(checked.gates().passed()).as(checked.gates().findingsText()).isTrue();
        assertThat(checked.mainTextPages()).as("main-text pages").isLessThanOrEqualTo(checked.pageLimit());
    }
}
