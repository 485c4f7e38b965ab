package dev.paperorchestra.content.outputs;

import static org.assertj.core.api.Assertions.assertThat;

import dev.paperorchestra.model.summary.RunSummary;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PaperVerdictTest {

    private static RunSummary summary(String compileStatus, boolean gatePassed, boolean checkPassed) {
        return RunSummary.parse("""
                {"mode": "offline", "paperId": "p", "compile": {"status": "%s", "message": "why"},
                 "writerGates": {"passed": %s, "gates": [
                   {"gate": "numeric-fidelity", "passed": true, "checked": 12, "findings": []},
                   {"gate": "title", "passed": %s, "checked": 1, "findings": ["the title is the template's placeholder"]}]},
                 "checks": [{"name": "page-limit", "passed": %s, "detail": "9 main-text pages of 8"}]}
                """.formatted(compileStatus, gatePassed, gatePassed, checkPassed));
    }

    @Test
    void a_compiled_paper_that_passed_every_gate_and_check_is_complete() {
        assertThat(PaperVerdict.of(summary("COMPILED", true, true), true, true).complete()).isTrue();
    }

    @Test
    void a_failed_gate_is_named_with_its_findings() {
        assertThat(PaperVerdict.of(summary("COMPILED", false, true), true, true).shortfalls())
                .containsExactly("gate title failed: the title is the template's placeholder");
    }

    @Test
    void a_failed_final_check_is_named_with_its_detail() {
        assertThat(PaperVerdict.of(summary("COMPILED", true, false), true, true).shortfalls())
                .containsExactly("check page-limit failed: 9 main-text pages of 8");
    }

    @Test
    void a_paper_without_pdf_is_incomplete_unless_the_user_accepted_that() {
        assertThat(PaperVerdict.of(summary("FAILED", true, true), false, true).shortfalls())
                .containsExactly("paper.pdf: compile failed - why");
        assertThat(PaperVerdict.of(summary("SKIPPED", true, true), false, true).complete()).isFalse();
        assertThat(PaperVerdict.of(summary("SKIPPED", true, true), false, false).complete())
                .as("--no-pdf where TeX is missing").isTrue();
        assertThat(PaperVerdict.of(summary("FAILED", true, true), false, false).complete())
                .as("--no-pdf does not excuse a compile error").isFalse();
    }

    @Test
    void a_pdf_said_to_compile_but_not_written_is_missing() {
        assertThat(PaperVerdict.of(summary("COMPILED", true, true), false, true).shortfalls())
                .containsExactly("paper.pdf: not written - why");
    }

    @Test
    void a_summary_from_a_newer_po_is_not_judged_and_says_why(@TempDir Path paperDir) throws IOException {
        Files.writeString(paperDir.resolve("summary.json"), "{\"schemaVersion\": 99, \"mode\": \"model\"}");

        assertThat(PaperVerdict.of(paperDir, true).shortfalls()).singleElement().asString()
                .startsWith("cannot judge the paper: ").contains("schemaVersion 99", "upgrade po");
    }
}
