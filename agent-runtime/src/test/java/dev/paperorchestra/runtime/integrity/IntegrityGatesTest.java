package dev.paperorchestra.runtime.integrity;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class IntegrityGatesTest {

    private static final String TEX = """
            \\documentclass{article}
            \\author{Anonymous}
            \\begin{document}
            \\section{Experiments}
            Figure~\\ref{fig:a} shows an RMSE of 38.91. We follow \\cite{a2020}.
            \\begin{figure}[t]
            \\includegraphics{figures/fig_a.png}
            \\label{fig:a}
            \\end{figure}
            \\section{Conclusion}
            \\bibliography{references}
            \\end{document}
            """;

    private static DraftUnderCheck draft(String tex) {
        return new DraftUnderCheck(tex, "@misc{a2020, title={A}}", "| m | rmse |\n|---|---|\n| x | 38.91 |", "",
                List.of("fig_a.png"), Set.of("fig_a.png"), List.of("experiments", "conclusion"), List.of());
    }

    @Test
    void a_faithful_draft_passes_every_gate() {
        GatesReport report = IntegrityGates.check(draft(TEX));

        assertThat(report.results()).extracting(GateResult::gate).containsExactly(Gate.values());
        assertThat(report.passed()).isTrue();
        assertThat(report.summary()).isEqualTo("4 gates passed");
        assertThat(report.findingsText()).isEmpty();
    }

    @Test
    void the_report_names_the_failed_gates_and_lists_their_findings() {
        GatesReport report = IntegrityGates.check(draft(TEX.replace("38.91", "38.95").replace("a2020}", "b2021}")));

        assertThat(report.failedGates()).containsExactly(Gate.NUMERIC_FIDELITY, Gate.CITATIONS);
        assertThat(report.summary()).isEqualTo("2 of 4 gates failed (NUMERIC_FIDELITY, CITATIONS): 2 findings");
        assertThat(report.findingsText()).contains("- [NUMERIC_FIDELITY] text number 38.95",
                "- [CITATIONS] \\cite key `b2021'");
    }
}
