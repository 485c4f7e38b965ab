package dev.paperorchestra.content.integrity;

import dev.paperorchestra.model.finding.Gate;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class IntegrityGatesTest {

    private static final String PROSE = "Sparse depth sensors measure few pixels, and the rest must be inferred "
            + "from the image. A learned affinity carries each measurement to its neighbours across the image plane. "
            + "Confidence estimates decide how far a measurement may travel before it is no longer trusted. ";
    /** The abstract in its own words: a sentence of it repeated in the body is a CONTENT finding. */
    private static final String ABSTRACT = "Depth sensors on phones and robots measure only a few hundred pixels of "
            + "each frame, far too few for dense perception. We spread those readings over the whole image with a "
            + "learned affinity, and a confidence attached to each reading limits how far an unreliable one travels. "
            + "On the test split the propagated depth has a lower error than every baseline, the method runs in real "
            + "time on one graphics processor, and it needs no dense ground truth to train.";
    private static final String TEX = """
            \\documentclass{article}
            \\author{Anonymous}
            \\title{Confidence-Guided Propagation of Sparse Depth}
            \\begin{document}
            \\begin{abstract}
            %2$s
            \\end{abstract}
            \\section{Experiments}
            Figure~\\ref{fig:a} shows an RMSE of 38.91. We follow \\cite{a2020}. %1$s
            \\begin{table}[t]
            \\caption{Error of each method on the test split.}
            \\begin{tabular}{lc} m & rmse \\\\ x & 38.91 \\\\ \\end{tabular}
            \\end{table}
            \\begin{figure}[t]
            \\includegraphics{figures/fig_a.png}
            \\caption{Error of the propagated depth against the density of the input.}
            \\label{fig:a}
            \\end{figure}
            \\section{Conclusion}
            Propagation guided by confidence turns a few measurements into a dense map in real time. It needs no
            supervision beyond the measurements and the image, and it degrades gracefully as they become sparser.
            Extending it to video sequences is the next step we plan, since measurements accumulate over time.
            \\bibliography{references}
            \\end{document}
            """.formatted(PROSE, ABSTRACT);

    private static DraftUnderCheck draft(String tex) {
        return new DraftUnderCheck(tex, "@misc{a2020, title={A}}", "| m | rmse |\n|---|---|\n| x | 38.91 |", "",
                List.of("fig_a.png"), Set.of("fig_a.png"), List.of("experiments", "conclusion"), List.of());
    }

    @Test
    void a_faithful_draft_passes_every_gate() {
        GatesReport report = IntegrityGates.check(draft(TEX));

        assertThat(report.results()).extracting(GateResult::gate).containsExactly(Gate.NUMERIC_FIDELITY,
                Gate.CITATIONS, Gate.FIGURES, Gate.STRUCTURE, Gate.CONTENT);
        assertThat(report.passed()).isTrue();
        assertThat(report.summary()).isEqualTo("5 gates passed");
        assertThat(report.findingsText()).isEmpty();
    }

    @Test
    void the_report_names_the_failed_gates_and_lists_their_findings() {
        GatesReport report = IntegrityGates.check(draft(TEX.replaceFirst("38\\.91", "38.95")
                .replace("a2020}", "b2021}")));

        assertThat(report.failedGates()).containsExactly(Gate.NUMERIC_FIDELITY, Gate.CITATIONS);
        assertThat(report.summary()).isEqualTo("2 of 5 gates failed (NUMERIC_FIDELITY, CITATIONS): 2 findings");
        assertThat(report.findingsText()).contains("- [NUMERIC_FIDELITY] text number 38.95",
                "- [CITATIONS] \\cite key `b2021'");
    }

    @Test
    void a_paper_without_the_logs_table_fails_numeric_fidelity_unless_the_plan_leaves_it_out() {
        String withoutTable = TEX.replaceAll("(?s)\\\\begin\\{table}.*?\\\\end\\{table}", "");

        assertThat(IntegrityGates.check(draft(withoutTable)).findingsText())
                .contains("- [NUMERIC_FIDELITY] log table \"Table 1\" is in the paper neither as a table");
        assertThat(IntegrityGates.check(draft(withoutTable).withPlan("Table 1 is left out: one number.")).passed())
                .isTrue();
    }
}
