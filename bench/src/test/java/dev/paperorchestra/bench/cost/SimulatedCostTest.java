package dev.paperorchestra.bench.cost;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.paperorchestra.gateway.usage.PriceTable;
import java.util.List;
import org.junit.jupiter.api.Test;

class SimulatedCostTest {

    // USD per million tokens: input 2.00, cached input 0.50, output 8.00; batch at half price
    private static final PriceTable PRICES = PriceTable.of(List.of("priced:2.00/0.50:8.00"), "2026-11-29", 0.5);

    @Test
    void the_same_calls_cost_full_price_then_with_cache_reads_then_in_a_batch_per_paper() {
        List<BilledCall> calls = List.of(new BilledCall("simulated", 1_000_000, 0, 100_000),
                new BilledCall("simulated", 1_000_000, 800_000, 100_000));

        SimulatedCost cost = SimulatedCost.of(calls, 2, PRICES, "priced");

        // 2 M input x $2 + 0.2 M output x $8 = $5.60 for two papers
        assertThat(cost.synchronous().dollars()).isCloseTo(2.80, within(1e-9));
        assertThat(cost.synchronous().cachedInputTokens()).isZero();
        // 0.8 M of the input read from the cache at $0.50 instead of $2: $1.20 less
        assertThat(cost.synchronousCached().dollars()).isCloseTo(2.20, within(1e-9));
        assertThat(cost.synchronousCached().cachedInputTokens()).isEqualTo(400_000);
        assertThat(cost.batchCached().dollars()).isCloseTo(1.10, within(1e-9));
        assertThat(cost.batchCachedShare()).isCloseTo(1.10 / 2.80, within(1e-9));
        assertThat(cost.toJson().get("pricesChecked").asString()).isEqualTo("2026-11-29");
    }

    @Test
    void an_anthropic_cache_write_is_billed_a_quarter_above_input_and_the_batch_halves_it_too() {
        // built-in claude-sonnet-4-5: input $3.00, cache read $0.30, cache write $3.75, output $15.00
        PriceTable prices = PriceTable.of(List.of(), "", 0.5);
        List<BilledCall> calls = List.of(new BilledCall("simulated", 1_000_000, 0, 1_000_000, 0, false));

        SimulatedCost cost = SimulatedCost.of(calls, 1, prices, "claude-sonnet-4-5");

        assertThat(cost.synchronous().dollars()).isCloseTo(3.00, within(1e-9));
        assertThat(cost.synchronousCached().dollars()).isCloseTo(3.75, within(1e-9));
        assertThat(cost.synchronousCached().cacheWriteInputTokens()).isEqualTo(1_000_000);
        assertThat(cost.batchCached().dollars()).isCloseTo(1.875, within(1e-9));
        assertThat(cost.toJson().at("/synchronousCached/cacheWriteInputTokensPerPaper").asLong())
                .isEqualTo(1_000_000);
    }
}
