package dev.paperorchestra.refine.check;

import static org.assertj.core.api.Assertions.assertThat;

import dev.paperorchestra.model.finding.Gate;
import dev.paperorchestra.content.integrity.GateResult;
import dev.paperorchestra.content.integrity.GatesReport;
import java.util.List;
import org.junit.jupiter.api.Test;

class GateRegressionsTest {

    private static GatesReport report(List<String> numeric, List<String> structure) {
        return new GatesReport(List.of(new GateResult(Gate.NUMERIC_FIDELITY, 10, numeric),
                new GateResult(Gate.STRUCTURE, 3, structure)));
    }

    @Test
    void a_revision_that_passes_every_gate_introduces_nothing() {
        assertThat(GateRegressions.introduced(report(List.of(), List.of()), report(List.of(), List.of()))).isEmpty();
    }

    @Test
    void names_a_finding_the_previous_version_did_not_have_with_its_gate() {
        assertThat(GateRegressions.introduced(report(List.of(), List.of()),
                report(List.of("table number 0.91 (line 40) is in neither log nor idea"), List.of())))
                .containsExactly("[NUMERIC_FIDELITY] table number 0.91 (line 40) is in neither log nor idea");
    }

    @Test
    void an_old_finding_that_moved_to_another_line_is_not_new() {
        assertThat(GateRegressions.introduced(report(List.of(), List.of("\\begin{table} on line 12 is never closed")),
                report(List.of(), List.of("\\begin{table} on line 15 is never closed")))).isEmpty();
    }

    @Test
    void a_content_finding_whose_lines_or_word_count_changed_is_not_new_but_a_new_content_finding_is() {
        GatesReport previous = new GatesReport(List.of(new GateResult(Gate.CONTENT, 9, List.of(
                "section \"Limitations\" is a stub of 12 words (line 80)",
                "the sentence \"We propagate them.\" is written twice (lines 20 and 31)"))));
        GatesReport revised = new GatesReport(List.of(new GateResult(Gate.CONTENT, 9, List.of(
                "section \"Limitations\" is a stub of 19 words (line 84)",
                "the sentence \"We propagate them.\" is written twice (lines 22 and 35)",
                "the paper prints a materials file name, \"idea.md\" (line 9)"))));

        assertThat(GateRegressions.introduced(previous, revised))
                .containsExactly("[CONTENT] the paper prints a materials file name, \"idea.md\" (line 9)");
    }

    @Test
    void a_second_copy_of_an_old_finding_is_new() {
        String finding = "\\begin{table} on line 12 is never closed";

        assertThat(GateRegressions.introduced(report(List.of(), List.of(finding)),
                report(List.of(), List.of(finding, "\\begin{table} on line 30 is never closed"))))
                .containsExactly("[STRUCTURE] \\begin{table} on line 30 is never closed");
    }

    @Test
    void the_same_text_under_another_gate_is_new() {
        assertThat(GateRegressions.introduced(report(List.of("x"), List.of()), report(List.of(), List.of("x"))))
                .containsExactly("[STRUCTURE] x");
    }
}
