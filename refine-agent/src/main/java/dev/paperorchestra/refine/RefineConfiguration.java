package dev.paperorchestra.refine;

import dev.paperorchestra.refine.completion.PaperCompletion;
import dev.paperorchestra.refine.loop.ModelReviser;
import dev.paperorchestra.refine.loop.OfflineReviser;
import dev.paperorchestra.refine.loop.RefinementLoop;
import dev.paperorchestra.runtime.AgentIdentity;
import dev.paperorchestra.runtime.blob.BlobStore;
import dev.paperorchestra.runtime.llm.LlmGateway;
import dev.paperorchestra.runtime.llm.usage.UsageLedger;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** The loop, built from the runtime's blob store and model gateway. */
@Configuration(proxyBeanMethods = false)
class RefineConfiguration {

    @Bean
    RefinementLoop refinementLoop(BlobStore blobs, LlmGateway gateway, UsageLedger usage, AgentIdentity identity,
            RefineAgentProperties properties) {
        return new RefinementLoop(blobs, new OfflineReviser(), new ModelReviser(gateway, identity.name()),
                properties.defaultIterationLimit(), new PaperCompletion(blobs, identity.name(), usage));
    }
}
