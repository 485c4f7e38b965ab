package dev.paperorchestra.bench.autorate;

import dev.paperorchestra.cli.run.ProviderSettings;
import dev.paperorchestra.gateway.LlmGateway;
import dev.paperorchestra.gateway.core.DefaultLlmGateway;
import dev.paperorchestra.gateway.usage.InMemoryUsageLedger;
import dev.paperorchestra.gateway.usage.LlmMetrics;
import dev.paperorchestra.gateway.usage.UsageLedger;
import dev.paperorchestra.runtime.blob.LocalBlobStore;
import dev.paperorchestra.runtime.cancel.PaperCancellations;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.springframework.beans.factory.BeanFactory;

/**
 * A judge family the side-by-side autorater asks: its name in results and the report ({@code provider:model}),
 * the gateway its calls go through and the ledger that gateway records them in (the bench's judging cost,
 * {@link JudgeUsage}).
 */
public record JudgeFamily(String label, LlmGateway gateway, UsageLedger ledger) {

    /** A family whose calls are not accounted (a gateway that records nowhere). */
    public JudgeFamily(String label, LlmGateway gateway) {
        this(label, gateway, new InMemoryUsageLedger());
    }

    /**
     * The first judge family of an embedded run: the model gateway of the first agent that has one, with the ledger
     * of that same agent, which that gateway records every call into (its bean is built from it). Another agent's
     * ledger would miss the calls until they came back from the {@code llm-usage} topic. Empty without a gateway.
     */
    public static Optional<JudgeFamily> ofAgent(String label, List<? extends BeanFactory> agents) {
        return agents.stream().filter(agent -> agent.getBeanProvider(LlmGateway.class).getIfAvailable() != null)
                .findFirst().map(agent -> new JudgeFamily(label, agent.getBean(LlmGateway.class),
                        agent.getBean(UsageLedger.class)));
    }

    /**
     * A {@code --judge} family with a gateway of po bench's own, built as the {@code --server} one is: its own
     * response cache under BENCH_DIR/autorater-cache/judge-&lt;provider&gt;-&lt;model&gt;/ and its own usage
     * ledger; its calls are billed to the case's {@code -autorate} paper id like every autorater's, and priced by
     * the price table of its settings ({@code po.llm.prices}), the same as the papers' calls.
     */
    public static JudgeFamily open(JudgeSpec spec, ProviderSettings settings, Path benchDir) {
        Path cache = benchDir.resolve("autorater-cache").resolve("judge-"
                + spec.label().replaceAll("[^A-Za-z0-9._-]+", "-"));
        UsageLedger ledger = new InMemoryUsageLedger();
        return new JudgeFamily(spec.label(), DefaultLlmGateway.create(settings.properties(), settings.bindings(),
                new LocalBlobStore(cache), ledger, new LlmMetrics(new SimpleMeterRegistry()),
                PaperCancellations.NONE), ledger);
    }
}
