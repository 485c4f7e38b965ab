package dev.paperorchestra.refine.check;

import static org.assertj.core.api.Assertions.assertThat;

import dev.paperorchestra.content.integrity.GateResult;
import dev.paperorchestra.content.integrity.GatesReport;
import dev.paperorchestra.model.finding.Finding;
import dev.paperorchestra.model.finding.Gate;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class GateRegressionsTest {

    private static GatesReport report(Finding... findings) {
        return new GatesReport(Arrays.stream(Gate.values())
                .map(gate -> new GateResult(gate, 3, Arrays.stream(findings).filter(f -> f.gate() == gate).toList()))
                .toList());
    }

    private static Finding at(Gate gate, String rule, int line, String message) {
        return Finding.at(gate, rule, "paper.tex", line, message);
    }

    private static List<String> introduced(GatesReport previous, GatesReport revised) {
        return GateRegressions.introduced(previous, revised).stream().map(Finding::toString).toList();
    }

    @Test
    void a_revision_that_passes_every_gate_introduces_nothing() {
        assertThat(GateRegressions.introduced(report(), report())).isEmpty();
    }

    @Test
    void names_a_finding_the_previous_version_did_not_have_with_its_gate() {
        assertThat(introduced(report(), report(at(Gate.NUMERIC_FIDELITY, "number.table-not-logged", 40,
                "table number 0.91 (line 40) is in neither log nor idea"))))
                .containsExactly("[NUMERIC_FIDELITY] table number 0.91 (line 40) is in neither log nor idea");
    }

    /** An edit above a finding moves its line, and an edit of a stub changes its word count: the rule stays. */
    @Test
    void an_old_finding_whose_line_or_words_changed_is_not_new_but_a_finding_of_another_rule_is() {
        GatesReport previous = report(at(Gate.CONTENT, "section.stub", 80, "section \"Limitations\" is a stub of 12 "
                + "words (line 80)"), at(Gate.CONTENT, "sentence.repeated", 31, "the sentence \"We propagate them.\" "
                + "is written twice (lines 20 and 31)"));
        GatesReport revised = report(at(Gate.CONTENT, "section.stub", 84, "section \"Limitations\" is a stub of 19 "
                + "words (line 84)"), at(Gate.CONTENT, "sentence.repeated", 35, "the sentence \"We propagate them "
                + "again.\" is written twice (lines 22 and 35)"), at(Gate.CONTENT, "leak.materials-file", 9,
                "the paper prints a materials file name, \"idea.md\" (line 9)"));

        assertThat(introduced(previous, revised))
                .containsExactly("[CONTENT] the paper prints a materials file name, \"idea.md\" (line 9)");
    }

    @Test
    void a_second_finding_of_an_old_rule_is_new() {
        Finding unclosed = Finding.of(Gate.STRUCTURE, "environment.nesting", "\\begin{table} on line 12 is never "
                + "closed");

        assertThat(introduced(report(unclosed), report(unclosed, Finding.of(Gate.STRUCTURE, "environment.nesting",
                "\\begin{table} on line 30 is never closed"))))
                .containsExactly("[STRUCTURE] \\begin{table} on line 30 is never closed");
    }

    @Test
    void the_same_rule_under_another_gate_is_new() {
        assertThat(introduced(report(Finding.of(Gate.CONTENT, "section.missing", "x")),
                report(Finding.of(Gate.STRUCTURE, "section.missing", "x")))).containsExactly("[STRUCTURE] x");
    }
}
