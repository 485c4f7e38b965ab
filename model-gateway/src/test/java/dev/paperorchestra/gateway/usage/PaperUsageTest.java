package dev.paperorchestra.gateway.usage;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class PaperUsageTest {

    private static final PaperUsage USAGE = new PaperUsage("p", List.of(
            new LlmUsage("p", "outline-agent", "planner", "openai", "m", 100, 10, 0.01, false),
            new LlmUsage("p", "writer-agent", "planner", "openai", "m", 300, 90, 0.03, false),
            new LlmUsage("p", "writer-agent", "planner", "openai", "m", 0, 0, 0, true),
            new LlmUsage("p", "reviewer-agent", "reviewer", "openai", "m", 50, 5, 0.005, false)));

    @Test
    void sums_paid_calls_and_counts_cache_hits_apart() {
        PaperUsage.Totals totals = USAGE.totals();

        assertThat(totals.calls()).isEqualTo(3);
        assertThat(totals.cacheHits()).isEqualTo(1);
        assertThat(totals.tokens()).isEqualTo(555);
        assertThat(totals.costUsd()).isEqualTo(0.045, org.assertj.core.data.Offset.offset(1e-12));
    }

    @Test
    void breaks_the_sums_down_by_agent_and_by_role() {
        assertThat(USAGE.byAgent().get("writer-agent").calls()).isEqualTo(1);
        assertThat(USAGE.byAgent().get("writer-agent").cacheHits()).isEqualTo(1);
        assertThat(USAGE.byRole().get("planner").inputTokens()).isEqualTo(400);
        assertThat(USAGE.totals().roundedCostUsd()).isEqualTo(0.045);
    }
}
