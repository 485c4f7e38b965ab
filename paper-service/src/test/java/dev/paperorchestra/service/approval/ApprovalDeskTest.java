package dev.paperorchestra.service.approval;

import static org.assertj.core.api.Assertions.assertThat;

import dev.paperorchestra.runtime.json.Json;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/** The parts of a decision's record that need no broker: who, and what an edit changed. */
class ApprovalDeskTest {

    @Test
    void the_decider_is_the_given_name_and_the_tokens_fingerprint_never_the_token() {
        String recorded = ApprovalDesk.decider("alice\u0007\n", "s3cret-token-value");

        assertThat(recorded).startsWith("alice (token ").doesNotContain("s3cret").matches("alice \\(token [0-9a-f]{8}\\)");
        assertThat(ApprovalDesk.decider(null, null)).isEqualTo("someone (no token: a local service)");
        assertThat(ApprovalDesk.decider("x".repeat(500), null)).hasSizeLessThan(130);
    }

    @Test
    void an_edit_is_described_by_the_parts_it_changes_and_the_edited_digest() {
        JsonNode original = Json.mapper().readTree("""
                {"plotting_plan":[{"figure_id":"fig_a"},{"figure_id":"fig_b"}],
                 "intro_related_work_plan":{"x":1},"section_plan":[{"section_title":"Method"}]}""");
        JsonNode edited = Json.mapper().readTree("""
                {"plotting_plan":[{"figure_id":"fig_a"}],
                 "intro_related_work_plan":{"x":1},"section_plan":[{"section_title":"Approach"}]}""");

        assertThat(OutlineChanges.describe(original, edited, "0123456789abcdef"))
                .isEqualTo("plotting_plan 2 -> 1 entries, section_plan changed (outline.json sha256 0123456789ab)");
        assertThat(OutlineChanges.describe(original, original, "0123456789abcdef"))
                .startsWith("no change to the outline's content");
    }
}
