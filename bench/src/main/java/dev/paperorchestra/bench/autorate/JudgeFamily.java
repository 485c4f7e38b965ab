package dev.paperorchestra.bench.autorate;

import dev.paperorchestra.cli.run.ProviderSettings;
import dev.paperorchestra.gateway.LlmGateway;
import dev.paperorchestra.gateway.core.DefaultLlmGateway;
import dev.paperorchestra.gateway.usage.InMemoryUsageLedger;
import dev.paperorchestra.gateway.usage.LlmMetrics;
import dev.paperorchestra.runtime.blob.LocalBlobStore;
import dev.paperorchestra.runtime.cancel.PaperCancellations;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.nio.file.Path;

/**
 * A judge family the side-by-side autorater asks: its name in results and the report ({@code provider:model})
 * and the gateway its calls go through.
 */
public record JudgeFamily(String label, LlmGateway gateway) {

    /**
     * A {@code --judge} family with a gateway of po bench's own, built as the {@code --server} one is: its own
     * response cache under BENCH_DIR/autorater-cache/judge-&lt;provider&gt;-&lt;model&gt;/ and its own usage
     * ledger; its calls are billed to the case's {@code -autorate} paper id like every autorater's.
     */
    public static JudgeFamily open(JudgeSpec spec, ProviderSettings settings, Path benchDir) {
        Path cache = benchDir.resolve("autorater-cache").resolve("judge-"
                + spec.label().replaceAll("[^A-Za-z0-9._-]+", "-"));
        return new JudgeFamily(spec.label(), DefaultLlmGateway.create(settings.properties(), settings.bindings(),
                new LocalBlobStore(cache), new InMemoryUsageLedger(), new LlmMetrics(new SimpleMeterRegistry()),
                PaperCancellations.NONE));
    }
}
