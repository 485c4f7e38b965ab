package dev.paperorchestra.gateway.usage;

import dev.paperorchestra.gateway.provider.ProviderFailure;
import dev.paperorchestra.gateway.TenantOfPaper;
import dev.paperorchestra.schemas.Tenants;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.time.Duration;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The gateway's meters, tagged by agent, role, provider and model, never by paper; calls, tokens, cost, latency and
 * budget stops also by the paper's tenant ({@link TenantOfPaper}: in an agent, configured tenants by name, the rest as other), so
 * each team's spend can be shown. Recording never fails a call: a meter problem is logged and forgotten.
 */
public final class LlmMetrics {

    private static final Logger log = LoggerFactory.getLogger(LlmMetrics.class);

    /** Every outcome a call can have. */
    static final List<String> OUTCOMES = List.of("paid", "batch", "cached", "failed");

    private final MeterRegistry registry;
    private final TenantOfPaper tenants;

    /** Meters whose tenant label is default or other: no tenant configured. */
    public LlmMetrics(MeterRegistry registry) {
        this(registry, TenantOfPaper.DEFAULT);
    }

    public LlmMetrics(MeterRegistry registry, TenantOfPaper tenants) {
        this.registry = registry;
        this.tenants = tenants;
    }

    /** A call's outcome: {@code paid}, {@code batch} (paid through a batch), {@code cached} or {@code failed}. */
    public void call(LlmUsage usage, String outcome, Duration latency) {
        safely(() -> {
            String[] tags = tags(usage.agent(), usage.role(), usage.provider(), usage.model(),
                    tenants.ofPaper(usage.paperId()));
            calls(tags, outcome).increment();
            if (!usage.cached() && (outcome.equals("paid") || outcome.equals("batch"))) {
                tokens(tags, "input").increment(usage.inputTokens());
                tokens(tags, "output").increment(usage.outputTokens());
                cost(tags).increment(usage.costUsd());
                latency(tags).record(latency);
            }
        });
    }

    /**
     * Registers a role's series at 0 when the agent starts (every outcome, both token directions, cost,
     * latency, repairs, budget stops and its provider's retries by cause), so dashboards show 0 before the
     * first call instead of no data. At 0 for the default tenant; another tenant's series start with its first call.
     */
    public void register(String agent, String role, String provider, String model) {
        safely(() -> {
            String[] tags = tags(agent, role, provider, model, Tenants.DEFAULT);
            OUTCOMES.forEach(outcome -> calls(tags, outcome));
            tokens(tags, "input");
            tokens(tags, "output");
            cost(tags);
            latency(tags);
            repairs(agent, role);
            budgetStops(agent, Tenants.DEFAULT);
            ProviderFailure.RETRIABLE_KINDS.forEach(kind -> retries(provider, kind));
        });
    }

    private static String[] tags(String agent, String role, String provider, String model, String tenant) {
        return new String[] {"agent", agent, "role", role, "provider", provider, "model", model, TenantOfPaper.TAG,
            tenant};
    }

    private Counter calls(String[] tags, String outcome) {
        return Counter.builder("po.llm.calls").description("Model calls by outcome").tags(tags).tag("outcome", outcome)
                .register(registry);
    }

    private Counter tokens(String[] tags, String direction) {
        return Counter.builder("po.llm.tokens").description("Tokens billed").tags(tags).tag("direction", direction)
                .register(registry);
    }

    private Counter cost(String[] tags) {
        return Counter.builder("po.llm.cost").baseUnit("usd").description("Estimated cost").tags(tags)
                .register(registry);
    }

    private Timer latency(String[] tags) {
        return Timer.builder("po.llm.latency").description("Latency of paid model calls").tags(tags)
                .register(registry);
    }

    private Counter repairs(String agent, String role) {
        return Counter.builder("po.llm.repairs").description("Answers sent back for violating their schema")
                .tags("agent", agent, "role", role).register(registry);
    }

    private Counter budgetStops(String agent, String tenant) {
        return Counter.builder("po.llm.budget.stops").description("Papers stopped by their model budget")
                .tags("agent", agent, TenantOfPaper.TAG, tenant).register(registry);
    }

    private Counter retries(String provider, String kind) {
        return Counter.builder("po.llm.retries").description("Provider calls retried, by cause")
                .tags("provider", provider, "cause", kind).register(registry);
    }

    /** A call its batch did not answer, made synchronously instead. */
    public void batchFallback(String agent, String provider) {
        Counter.builder("po.llm.batch.fallbacks").description("Calls a batch did not answer, made synchronously")
                .tag("agent", agent).tag("provider", provider).register(registry).increment();
    }

    public void retry(String provider, String kind) {
        safely(() -> retries(provider, kind).increment());
    }

    public void repair(String agent, String role) {
        safely(() -> repairs(agent, role).increment());
    }

    public void budgetStop(String agent, String paperId) {
        safely(() -> budgetStops(agent, tenants.ofPaper(paperId)).increment());
    }

    private static void safely(Runnable recording) {
        try {
            recording.run();
        } catch (RuntimeException e) {
            log.warn("could not record an LLM metric: {}", e.toString());
        }
    }
}
