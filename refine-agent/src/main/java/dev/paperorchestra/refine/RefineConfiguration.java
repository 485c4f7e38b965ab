package dev.paperorchestra.refine;

import dev.paperorchestra.refine.check.RevisionChecks;
import dev.paperorchestra.refine.check.RevisionCompiler;
import dev.paperorchestra.refine.completion.PaperCompletion;
import dev.paperorchestra.refine.loop.ModelReviser;
import dev.paperorchestra.refine.loop.OfflineReviser;
import dev.paperorchestra.refine.loop.RefinementLoop;
import dev.paperorchestra.refine.loop.RefinementMetrics;
import dev.paperorchestra.runtime.AgentIdentity;
import dev.paperorchestra.runtime.blob.BlobStore;
import dev.paperorchestra.runtime.llm.LlmGateway;
import io.micrometer.core.instrument.MeterRegistry;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** The loop, built from the runtime's blob store, model gateway and meter registry. */
@Configuration(proxyBeanMethods = false)
class RefineConfiguration {

    @Bean
    RevisionCompiler revisionCompiler() {
        return RevisionCompiler.none();
    }

    @Bean
    RefinementLoop refinementLoop(BlobStore blobs, LlmGateway gateway, AgentIdentity identity,
            RefineAgentProperties properties, RevisionCompiler compiler, MeterRegistry meters) {
        return new RefinementLoop(blobs, new OfflineReviser(), new ModelReviser(gateway, identity.name()),
                new RevisionChecks(blobs, compiler), properties.defaultIterationLimit(),
                new PaperCompletion(blobs, identity.name()), new RefinementMetrics(meters));
    }
}
