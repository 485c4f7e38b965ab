package dev.paperorchestra.runtime.llm.usage;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.time.Duration;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The gateway's meters, tagged by agent, role, provider and model, never by paper. Recording never fails a
 * call: a meter problem is logged and forgotten.
 */
public final class LlmMetrics {

    private static final Logger log = LoggerFactory.getLogger(LlmMetrics.class);

    private final MeterRegistry registry;

    public LlmMetrics(MeterRegistry registry) {
        this.registry = registry;
    }

    /** A call's outcome: {@code paid}, {@code cached}, {@code failed}, {@code invalid} or {@code refused}. */
    public void call(LlmUsage usage, String outcome, Duration latency) {
        safely(() -> {
            String[] tags = {"agent", usage.agent(), "role", usage.role(), "provider", usage.provider(),
                    "model", usage.model()};
            Counter.builder("po.llm.calls").description("Model calls by outcome").tags(tags).tag("outcome", outcome)
                    .register(registry).increment();
            if (!usage.cached() && outcome.equals("paid")) {
                Counter.builder("po.llm.tokens").description("Tokens billed").tags(tags).tag("direction", "input")
                        .register(registry).increment(usage.inputTokens());
                Counter.builder("po.llm.tokens").description("Tokens billed").tags(tags).tag("direction", "output")
                        .register(registry).increment(usage.outputTokens());
                Counter.builder("po.llm.cost").baseUnit("usd").description("Estimated cost").tags(tags)
                        .register(registry).increment(usage.costUsd());
                Timer.builder("po.llm.latency").description("Latency of paid model calls").tags(tags)
                        .register(registry).record(latency);
            }
        });
    }

    public void retry(String provider, String kind) {
        safely(() -> Counter.builder("po.llm.retries").description("Provider calls retried, by cause")
                .tags("provider", provider, "cause", kind).register(registry).increment());
    }

    public void repair(String agent, String role) {
        safely(() -> Counter.builder("po.llm.repairs").description("Answers sent back for violating their schema")
                .tags("agent", agent, "role", role).register(registry).increment());
    }

    public void budgetStop(String agent) {
        safely(() -> Counter.builder("po.llm.budget.stops").description("Papers stopped by their model budget")
                .tags("agent", agent).register(registry).increment());
    }

    private static void safely(Runnable recording) {
        try {
            recording.run();
        } catch (RuntimeException e) {
            log.warn("could not record an LLM metric: {}", e.toString());
        }
    }
}
