package dev.paperorchestra.service.approval;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.paperorchestra.base.json.Json;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/** The citations and figures edits: entries may be removed from what was offered, never added. */
class RemovalsTest {

    private static final JsonNode POOL = Json.mapper().readTree("""
            {"generatedBy": "x", "keys": {"smith2020": {"title": "A"}, "doe2021": {"title": "B"},
             "lee2019": {"title": "C"}}, "rejected": []}""");

    @Test
    void the_removed_names_are_those_the_edit_leaves_out_in_offer_order() {
        Removals removals = Removals.of("citations", POOL, Json.mapper().readTree("""
                {"keys": {"doe2021": {"title": "changed titles are ignored"}}}"""));

        assertThat(removals.violations()).isEmpty();
        assertThat(removals.removed()).containsExactly("smith2020", "lee2019");
        assertThat(removals.describe("citations", 3, "abcdef0123456789"))
                .isEqualTo("removed 2 of 3 citations: smith2020, lee2019 (edited citations sha256 abcdef012345)");
    }

    @Test
    void an_edit_adding_an_entry_or_without_the_offered_object_is_refused_by_name() {
        Removals invented = Removals.of("citations", POOL, Json.mapper().readTree("""
                {"keys": {"doe2021": {}, "invented2026": {"title": "never verified"}}}"""));
        Removals shapeless = Removals.of("figures", Json.mapper().readTree("{\"figures\": {\"fig_a\": {}}}"),
                Json.mapper().readTree("{\"figures\": [\"fig_a\"]}"));

        assertThat(invented.violations()).containsExactly(
                "keys.invented2026: not among the offered citations; an edit may only remove entries");
        assertThat(shapeless.violations()).singleElement().asString().startsWith("figures: must be an object");
    }

    @Test
    void the_outline_and_final_gates_take_no_removal() {
        assertThatThrownBy(() -> Removals.field("final")).hasMessageContaining("takes no edited artifact");
    }
}
