package dev.paperorchestra.runtime.gateway;

import static org.assertj.core.api.Assertions.assertThat;

import dev.paperorchestra.gateway.usage.LlmMetrics;
import dev.paperorchestra.gateway.usage.LlmUsage;
import dev.paperorchestra.runtime.metrics.PaperTenants;
import dev.paperorchestra.runtime.metrics.TenantLabels;
import dev.paperorchestra.schemas.PaperContext;
import dev.paperorchestra.schemas.PaperRequestedEvent;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

class LlmMetricsTest {

    private final SimpleMeterRegistry registry = new SimpleMeterRegistry();
    private final LlmMetrics metrics = new LlmMetrics(registry);

    @Test
    void a_configured_role_has_its_series_at_zero_before_its_first_call() {
        metrics.register("writer-agent", "planner", "openai", "gpt-4.1");

        assertThat(registry.get("po.llm.calls").tag("role", "planner").counters())
                .extracting(counter -> counter.getId().getTag("outcome"))
                .containsExactlyInAnyOrder("paid", "batch", "cached", "failed");
        assertThat(registry.get("po.llm.calls").counters()).allSatisfy(counter -> assertThat(counter.count()).isZero());
        assertThat(registry.get("po.llm.tokens").counters()).hasSize(2);
        assertThat(registry.get("po.llm.cost").counter().count()).isZero();
        assertThat(registry.get("po.llm.latency").timer().count()).isZero();
        assertThat(registry.get("po.llm.repairs").tag("agent", "writer-agent").counter().count()).isZero();
        assertThat(registry.get("po.llm.budget.stops").counter().count()).isZero();
        assertThat(registry.get("po.llm.retries").tag("provider", "openai").counters())
                .extracting(counter -> counter.getId().getTag("cause"))
                .containsExactlyInAnyOrder("rate-limit", "server-error", "timeout", "connection");
        assertThat(registry.get("po.llm.retries").counters()).allSatisfy(counter -> assertThat(counter.count()).isZero());
    }

    @Test
    void a_retry_counts_on_the_series_registered_at_start() {
        metrics.register("writer-agent", "planner", "openai", "gpt-4.1");

        metrics.retry("openai", "rate-limit");

        assertThat(registry.get("po.llm.retries").tag("cause", "rate-limit").counter().count()).isEqualTo(1);
        assertThat(registry.get("po.llm.retries").counters()).hasSize(4);
    }

    @Test
    void a_paid_call_counts_on_the_series_registered_at_start() {
        metrics.register("writer-agent", "planner", "openai", "gpt-4.1");

        metrics.call(new LlmUsage("p1", "writer-agent", "planner", "openai", "gpt-4.1", 100, 20, 0.5, false), "paid",
                Duration.ofSeconds(2));

        assertThat(registry.get("po.llm.calls").tag("outcome", "paid").counter().count()).isEqualTo(1);
        assertThat(registry.get("po.llm.calls").counters()).hasSize(4);
        assertThat(registry.get("po.llm.tokens").tag("direction", "input").counter().count()).isEqualTo(100);
        assertThat(registry.get("po.llm.cost").counter().count()).isEqualTo(0.5);
    }

    @Test
    void spend_is_labelled_with_the_papers_tenant_when_configured_other_tenants_as_other_and_budget_stops_too() {
        LlmMetrics labelled = new LlmMetrics(registry, new TenantLabels(List.of("lab-a")));
        labelled.register("writer-agent", "planner", "openai", "gpt-4.1");
        PaperTenants.learn("metrics-a", request("lab-a"));
        PaperTenants.learn("metrics-b", request("lab-b"));

        labelled.call(new LlmUsage("metrics-a", "writer-agent", "planner", "openai", "gpt-4.1", 100, 20, 0.5, false),
                "paid", Duration.ofSeconds(2));
        labelled.call(new LlmUsage("metrics-b", "writer-agent", "planner", "openai", "gpt-4.1", 10, 2, 0.25, false),
                "paid", Duration.ofSeconds(1));
        labelled.call(new LlmUsage("metrics-none", "writer-agent", "planner", "openai", "gpt-4.1", 1, 1, 0.125,
                false), "paid", Duration.ofSeconds(1));
        labelled.budgetStop("writer-agent", "metrics-b");

        assertThat(registry.get("po.llm.cost").tag("tenant", "lab-a").counter().count()).isEqualTo(0.5);
        assertThat(registry.get("po.llm.cost").tag("tenant", "other").counter().count()).isEqualTo(0.25);
        assertThat(registry.get("po.llm.cost").tag("tenant", "default").counter().count()).isEqualTo(0.125);
        assertThat(registry.get("po.llm.tokens").tag("tenant", "lab-a").tag("direction", "input").counter().count())
                .isEqualTo(100);
        assertThat(registry.get("po.llm.budget.stops").tag("tenant", "other").counter().count()).isEqualTo(1);
        assertThat(registry.get("po.llm.cost").counters()).extracting(counter -> counter.getId().getTag("tenant"))
                .containsExactlyInAnyOrder("default", "lab-a", "other");
    }

    private static PaperRequestedEvent request(String tenant) {
        PaperContext context = new PaperContext();
        context.setTenant(tenant);
        return PaperRequestedEvent.newBuilder().setContext(context).build();
    }
}
