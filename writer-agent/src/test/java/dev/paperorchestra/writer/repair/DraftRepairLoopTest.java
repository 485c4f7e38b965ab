package dev.paperorchestra.writer.repair;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.paperorchestra.content.integrity.DraftUnderCheck;
import dev.paperorchestra.model.finding.Gate;
import dev.paperorchestra.content.latex.CompileOutcome;
import dev.paperorchestra.content.latex.LatexCompiler;
import dev.paperorchestra.gateway.LlmRequest;
import dev.paperorchestra.writer.ScriptedGateway;
import dev.paperorchestra.writer.TestMaterials;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The compile-repair and page-limit loops against real latexmk, with recorded model answers. */
class DraftRepairLoopTest {

    private static final String LOG = "| Method | RMSE |\n|---|---|\n| Ours | 38.91 |\n";
    private static final String PREAMBLE = """
            \\documentclass{article}
            \\usepackage{graphicx}
            \\usepackage{booktabs}
            \\author{Anonymous submission}
            \\title{A Test Paper}
            """;

    @TempDir
    Path temp;
    LatexCompiler compiler;

    @BeforeEach
    void latexmk() {
        compiler = new LatexCompiler("latexmk", Duration.ofSeconds(120), temp.resolve("jobs"));
        assumeTrue(compiler.available(), "latexmk is not on PATH");
    }

    private static String paper(String experiments) {
        return PREAMBLE + """
                \\begin{document}
                \\maketitle
                \\begin{abstract}
                A single image fixes the shape of a scene but not its scale, and cheap sensors add only a few metric
                measurements. We study how a network can use those few measurements to put a monocular estimate on
                the right scale everywhere in the image. Our method treats each measurement as a token that attends
                to image features, so one reading can correct a whole surface. On the benchmark we report, it lowers
                the error of the strongest baseline while running in real time on a single accelerator.
                \\end{abstract}
                \\section{Introduction}
                Depth from one image~\\cite{eigen2014depth} is ambiguous in scale, and learned priors only narrow
                that ambiguity. Metric sensors on phones and drones measure a handful of points per frame. This paper
                asks how a network can spread those few readings across the whole image without losing sharpness.
                \\section{Experiments}
                We compare against the baselines of the log on the same split and report the error of each method.
                Every model is trained with the same schedule and evaluated on the same frames, so differences in the
                table come from the methods themselves and not from the protocol.
                %s
                \\section{Conclusion}
                Treating sparse measurements as tokens lets a monocular network correct its scale from very few
                readings. The method keeps the sharp structure of the monocular estimate and the metric accuracy of
                the sensor. Extending it to video, where readings accumulate over time, is the natural next step.
                \\bibliographystyle{plain}
                \\bibliography{references}
                \\end{document}
                """.formatted(experiments);
    }

    private static final String GOOD_EXPERIMENTS = """
            Our method reaches an RMSE of 38.91, listed in Table~\\ref{tab:main}.
            \\begin{itemize}
            \\item It is simple.
            \\end{itemize}
            \\begin{table}[h]
            \\caption{Main results.}\\label{tab:main}
            \\begin{tabular}{lc}
            \\toprule
            Method & RMSE \\\\
            \\midrule
            Ours & 38.91 \\\\
            \\bottomrule
            \\end{tabular}
            \\end{table}
            """;

    private static DraftUnderCheck materials() {
        return new DraftUnderCheck("", TestMaterials.bibliography(), LOG, "", List.of(), Set.of(),
                List.of("introduction", "experiments", "conclusion"), List.of());
    }

    private static ModelRepairer repairer(ScriptedGateway gateway, Integer pageLimit) {
        return new ModelRepairer(gateway, "writer-agent", new ModelRepairer.Materials("", LOG,
                List.of("eigen2014depth", "ma2018sparse"), "(none)", false, pageLimit));
    }

    private static String fenced(String tex) {
        return "Here is the corrected paper.\n```latex\n" + tex + "```\n";
    }

    @Test
    void a_draft_with_a_broken_environment_is_repaired_from_the_structured_errors() {
        String broken = paper(GOOD_EXPERIMENTS.replace("\\end{itemize}", "\\end{enumerate}"));
        ScriptedGateway gateway = new ScriptedGateway(fenced(paper(GOOD_EXPERIMENTS)));

        CheckedDraft checked = new DraftRepairLoop(compiler, new RepairLimits(2, 2, 2))
                .check("p1", broken, materials(), Map.of(), null, repairer(gateway, null));

        assertThat(checked.compile()).isInstanceOf(CompileOutcome.Compiled.class);
        assertThat(checked.gates().passed()).as(checked.gates().findingsText()).isTrue();
        assertThat(checked.repairs()).isEqualTo(new Repairs(0, 1, 0));
        assertThat(checked.tex()).doesNotContain("\\end{enumerate}");
        LlmRequest repair = gateway.requests().getFirst();
        assertThat(repair.user()).contains("pdfLaTeX stopped",
                "\\begin{itemize} on input line", "ended by \\end{enumerate}", "  > ");
        assertThat(repair.system()).contains("Every \\begin has its matching \\end");
    }

    @Test
    void a_draft_over_the_page_limit_is_shortened() {
        // distinct sentences in paragraphs of 30: long, yet no sentence twice and no page-long paragraph
        StringBuilder filler = new StringBuilder();
        for (int i = 0; i < 120; i++) {
            filler.append(i % 30 == 0 ? "\n\n" : "").append("Padding sentence ").append(i)
                    .append(" makes the experiments section of this paper run longer. ");
        }
        String longPaper = paper(GOOD_EXPERIMENTS + filler);
        ScriptedGateway gateway = new ScriptedGateway(fenced(paper(GOOD_EXPERIMENTS)));

        CheckedDraft checked = new DraftRepairLoop(compiler, new RepairLimits(2, 2, 2))
                .check("p1", longPaper, materials(), Map.of(), 2, repairer(gateway, 2));

        assertThat(checked.mainTextPages()).isEqualTo(2);
        assertThat(checked.overPageLimit()).isFalse();
        assertThat(checked.repairs()).isEqualTo(new Repairs(0, 0, 1));
        assertThat(gateway.requests()).singleElement().satisfies(request -> {
            assertThat(request.user()).containsPattern("runs \\d+ pages; the guidelines allow 2\\. Shorten");
            assertThat(request.system()).contains("must fit in 2 pages");
        });
    }

    /** The PAGES gate measures the main text up to the first part the guidelines do not count. */
    @Test
    void an_ethics_statement_past_the_limit_fails_the_pages_gate_only_when_the_guidelines_count_it() {
        StringBuilder ethics = new StringBuilder("\\section*{Ethics Statement}\n");
        for (int i = 0; i < 60; i++) {
            ethics.append("Ethics sentence ").append(i).append(" says the data of this study are public. ");
        }
        String tex = paper(GOOD_EXPERIMENTS).replace("\\bibliographystyle", ethics + "\n\\bibliographystyle");
        DraftRepairLoop checker = new DraftRepairLoop(compiler, new RepairLimits(2, 2, 2));

        CheckedDraft counted = checker.check("p1", tex, materials(), Map.of(), 2, Repairer.NONE);
        CheckedDraft exempt = checker.check("p1", tex, materials().withNotCounted(List.of("references",
                "ethics statement")), Map.of(), 2, Repairer.NONE);

        assertThat(counted.mainTextPages()).isGreaterThan(2);
        assertThat(counted.gates().failedGates()).contains(Gate.PAGES);
        assertThat(exempt.mainTextPages()).isEqualTo(2);
        assertThat(exempt.gates().failedGates()).doesNotContain(Gate.PAGES);
    }

    @Test
    void a_model_draft_short_of_the_page_floor_fails_the_pages_gate_and_is_asked_to_be_completed() {
        ScriptedGateway gateway = new ScriptedGateway(fenced(paper(GOOD_EXPERIMENTS)));
        DraftRepairLoop checker = new DraftRepairLoop(compiler, new RepairLimits(2, 2, 2, 0.85));

        CheckedDraft checked = checker.check("p1", paper(GOOD_EXPERIMENTS), materials(), Map.of(), 8,
                repairer(gateway, 8), true);

        assertThat(checked.gates().failedGates()).containsExactly(Gate.PAGES);
        assertThat(checked.gates().findingsText()).contains("[PAGES] the main text runs 2 pages",
                "at least 85% of it (7 pages)");
        assertThat(checked.repairs()).isEqualTo(new Repairs(0, 0, 2));
        assertThat(gateway.requests()).hasSize(2).allSatisfy(request -> assertThat(request.user())
                .contains("is too short", "Complete it as the authors would"));

        CheckedDraft offline = checker.check("p1", paper(GOOD_EXPERIMENTS), materials(), Map.of(), 8, Repairer.NONE);
        assertThat(offline.gates().passed()).as("no floor offline").isTrue();
    }

    @Test
    void repairs_stop_at_their_bound_and_the_best_version_goes_on() {
        String broken = paper(GOOD_EXPERIMENTS.replace("\\end{itemize}", "\\end{enumerate}"));
        ScriptedGateway gateway = new ScriptedGateway(fenced(broken.replace("It is simple.", "Still broken.")),
                fenced(broken.replace("It is simple.", "Broken again.")));

        CheckedDraft checked = new DraftRepairLoop(compiler, new RepairLimits(0, 2, 0))
                .check("p1", broken, materials(), Map.of(), null, repairer(gateway, null));

        assertThat(gateway.requests()).hasSize(2);
        assertThat(checked.repairs()).isEqualTo(new Repairs(0, 2, 0));
        assertThat(checked.compile()).isInstanceOf(CompileOutcome.Failed.class);
    }

    @Test
    void without_a_repairer_the_draft_is_only_measured() {
        CheckedDraft checked = new DraftRepairLoop(compiler, new RepairLimits(2, 2, 2))
                .check("p1", paper(GOOD_EXPERIMENTS.replace("38.91 \\\\", "37.00 \\\\")), materials(), Map.of(),
                        null, Repairer.NONE);

        assertThat(checked.repairs()).isEqualTo(Repairs.NONE);
        assertThat(checked.gates().passed()).isFalse();
        assertThat(checked.gates().findingsText()).contains("37.00");
        assertThat(checked.mainTextPages()).isEqualTo(2);
    }
}
