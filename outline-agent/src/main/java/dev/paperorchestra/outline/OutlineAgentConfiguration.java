package dev.paperorchestra.outline;

import dev.paperorchestra.outline.materials.MaterialsValidator;
import dev.paperorchestra.content.materials.MaterialsLimits;
import dev.paperorchestra.outline.plan.ModelOutliner;
import dev.paperorchestra.outline.plan.OfflineOutliner;
import dev.paperorchestra.outline.schema.OutlineValidator;
import dev.paperorchestra.runtime.AgentIdentity;
import dev.paperorchestra.runtime.blob.BlobStore;
import dev.paperorchestra.runtime.llm.LlmGateway;
import java.time.Clock;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** Wires the plain-Java outline domain to the runtime's beans and this agent's properties. */
@Configuration(proxyBeanMethods = false)
class OutlineAgentConfiguration {

    @Bean
    OutlineValidator outlineValidator() {
        return new OutlineValidator();
    }

    @Bean
    OutlineService outlineService(OutlineAgentProperties properties, OutlineValidator validator, BlobStore blobs,
            LlmGateway gateway, AgentIdentity identity, Clock clock, MaterialsLimits limits) {
        return new OutlineService(new MaterialsValidator(blobs, limits),
                new OfflineOutliner(properties.maxFigures(), properties.defaultAspectRatio()),
                new ModelOutliner(gateway, validator, properties.maxRepairs(), identity.name()),
                validator, blobs, identity, clock);
    }
}
