package dev.paperorchestra.gateway.usage;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import org.junit.jupiter.api.Test;

class PriceTableTest {

    @Test
    void prices_a_call_per_million_input_and_output_tokens() {
        PriceTable table = PriceTable.of(List.of("local-qwen:0.5:1.5"));

        assertThat(table.cost("local-qwen", 2_000_000, 1_000_000)).isEqualTo(2.5);
    }

    @Test
    void configured_entries_override_the_built_in_estimates_and_names_ignore_case() {
        PriceTable table = PriceTable.of(List.of("GPT-4.1:1:1"));

        assertThat(table.cost("gpt-4.1", 1_000_000, 0)).isEqualTo(1.0);
    }

    @Test
    void a_model_without_a_price_costs_nothing_in_the_estimate() {
        PriceTable table = PriceTable.of(List.of());

        assertThat(table.knows("my-local-model")).isFalse();
        assertThat(table.cost("my-local-model", 1000, 1000)).isZero();
    }

    @Test
    void a_malformed_entry_is_refused_with_the_expected_form() {
        assertThatThrownBy(() -> PriceTable.of(List.of("gpt-4.1:cheap:1")))
                .hasMessageContaining("po.llm.prices").hasMessageContaining("not a number");
        assertThatThrownBy(() -> PriceTable.of(List.of("gpt-4.1")))
                .hasMessageContaining("model:inputUsdPerMillion:outputUsdPerMillion");
    }

    @Test
    void cached_input_is_priced_apart_and_defaults_to_the_input_price() {
        PriceTable table = PriceTable.of(List.of("local-qwen:1.0/0.25:4.0", "plain:1.0:4.0"));

        assertThat(table.cost("local-qwen", 1_000_000, 800_000, 0, false)).isEqualTo(0.2 + 0.2);
        assertThat(table.cost("plain", 1_000_000, 800_000, 0, false)).isEqualTo(1.0);
    }

    @Test
    void a_batch_call_costs_the_batch_factor_of_a_synchronous_one() {
        PriceTable table = PriceTable.of(List.of("local-qwen:1.0/0.25:4.0"), "2026-11-29", 0.5);

        assertThat(table.cost("local-qwen", 1_000_000, 0, 1_000_000, true)).isEqualTo(2.5);
        assertThat(table.cost(new LlmUsage("p", "writer-agent", "planner", "x", "local-qwen", 1_000_000, 1_000_000,
                0, 0, false, true))).isEqualTo(0.125);
        assertThat(table.checked()).isEqualTo("2026-11-29");
    }

    @Test
    void a_cache_write_is_priced_apart_and_defaults_to_the_input_price() {
        PriceTable table = PriceTable.of(List.of("claude-x:3.00/0.30/3.75:15.00", "plain:3.00/0.30:15.00"));

        // 1M fresh, 1M read, 1M written: 3.00 + 0.30 + 3.75
        assertThat(table.cost("claude-x", 3_000_000, 1_000_000, 1_000_000, 0, false)).isCloseTo(7.05, within(1e-9));
        assertThat(table.cost("plain", 3_000_000, 1_000_000, 1_000_000, 0, false)).isCloseTo(6.30, within(1e-9));
    }

    @Test
    void anthropic_built_in_prices_bill_a_cache_write_at_one_and_a_quarter_and_a_read_at_a_tenth_of_input() {
        PriceTable table = PriceTable.of(List.of());

        double input = table.cost("claude-sonnet-4-5", 1_000_000, 0, 0, 0, false);
        assertThat(table.cost("claude-sonnet-4-5", 1_000_000, 0, 1_000_000, 0, false))
                .isCloseTo(1.25 * input, within(1e-9));
        assertThat(table.cost("claude-sonnet-4-5", 1_000_000, 1_000_000, 0, 0, false))
                .isCloseTo(0.1 * input, within(1e-9));
        assertThat(table.cost("claude-opus-4-1", 1_000_000, 0, 1_000_000, 0, false)).isCloseTo(18.75, within(1e-9));
        assertThat(table.checked()).contains(PriceTable.ANTHROPIC_CACHE_CHECKED);
    }

    @Test
    void the_batch_discount_applies_to_cache_writes_and_reads_too() {
        PriceTable table = PriceTable.of(List.of("claude-x:3.00/0.30/3.75:15.00"), "2026-11-29", 0.5);
        LlmUsage written = new LlmUsage("p", "writer-agent", "planner", "anthropic", "claude-x", 2_000_000,
                1_000_000, 1_000_000, 0, 0, false, true);

        assertThat(table.cost(written)).isCloseTo((0.30 + 3.75) / 2, within(1e-9));
    }

    @Test
    void an_entry_with_more_than_three_input_prices_is_refused() {
        assertThatThrownBy(() -> PriceTable.of(List.of("claude-x:3/0.3/3.75/6:15")))
                .hasMessageContaining("po.llm.prices").hasMessageContaining("input/cachedInput/cacheWrite");
    }

    @Test
    void the_built_in_table_says_when_it_was_checked_and_the_batch_factor_is_bounded() {
        assertThat(PriceTable.of(List.of()).checked()).startsWith(PriceTable.BUILT_IN_CHECKED);
        assertThatThrownBy(() -> PriceTable.of(List.of(), "", 0)).hasMessageContaining("batch-price-factor");
    }
}
