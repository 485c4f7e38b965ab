package dev.paperorchestra.outline;

import dev.paperorchestra.outline.exemplar.ExemplarReader;
import dev.paperorchestra.outline.materials.MaterialsValidator;
import dev.paperorchestra.runtime.sandbox.Sandbox;
import java.nio.file.Path;
import dev.paperorchestra.content.materials.MaterialsLimits;
import dev.paperorchestra.outline.plan.ModelOutliner;
import dev.paperorchestra.outline.plan.OfflineOutliner;
import dev.paperorchestra.outline.schema.OutlineValidator;
import dev.paperorchestra.runtime.AgentIdentity;
import dev.paperorchestra.runtime.approval.ApprovalGate;
import dev.paperorchestra.runtime.approval.ApprovalGateProperties;
import dev.paperorchestra.runtime.blob.BlobStore;
import dev.paperorchestra.gateway.LlmGateway;
import dev.paperorchestra.runtime.metrics.PaperMetrics;
import dev.paperorchestra.runtime.streams.KafkaStreamsService;
import dev.paperorchestra.runtime.streams.PaperAggregationRunner;
import dev.paperorchestra.schemas.ApprovalRequestedEvent;
import dev.paperorchestra.schemas.topics.Topics;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** Wires the plain-Java outline domain to the runtime's beans and this agent's properties. */
@Configuration(proxyBeanMethods = false)
class OutlineAgentConfiguration {

    /** The gate's Streams application id suffix and store name prefix. */
    static final String APPROVAL_GATE = "approval-gate";

    /**
     * The gate's commit (and poll) interval. What it releases waits on a person, so a fifth of a second does not
     * show; at the runtime's 20 ms its stream thread, idle in every run without gates, took about 2% of the CPU of
     * the 50-paper load simulation.
     */
    static final Duration APPROVAL_GATE_COMMIT_INTERVAL = Duration.ofMillis(200);

    @Bean
    OutlineValidator outlineValidator() {
        return new OutlineValidator();
    }

    /**
     * The approval gate of every stage (outline, citations, figures, final): a Streams aggregation over the
     * requests, the decisions and the cancel markers, so a paper waits in its store, not in a thread. It runs
     * here, once, rather than in each agent that asks for it: the gate only holds and releases events, and one
     * application keeps one store, one state volume and one place where a decision is applied.
     */
    @Bean
    KafkaStreamsService approvalGate(Clock clock, ApprovalGateProperties properties,
            PaperAggregationRunner aggregations, PaperMetrics metrics, BlobStore blobs) {
        return aggregations.service(APPROVAL_GATE, List.of(Topics.APPROVAL_REQUESTS.name(),
                Topics.APPROVAL_DECISIONS.name(), Topics.PAPER_CANCELLATIONS.name()), ApprovalRequestedEvent.class,
                new ApprovalGate(clock, properties.checkEvery(), blobs, metrics::failed,
                        context -> metrics.completed(context, clock.instant())), APPROVAL_GATE_COMMIT_INTERVAL);
    }

    @Bean
    OutlineService outlineService(OutlineAgentProperties properties, OutlineValidator validator, BlobStore blobs,
            LlmGateway gateway, AgentIdentity identity, Clock clock, MaterialsLimits limits, Sandbox sandbox) {
        // exemplar PDFs are only ever text-extracted, by pdftotext in the compile sandbox, under the temp directory
        ExemplarReader exemplars = new ExemplarReader(sandbox, "pdftotext",
                Path.of(System.getProperty("java.io.tmpdir"), "po-outline-exemplars"));
        return new OutlineService(new MaterialsValidator(blobs, limits, exemplars),
                new OfflineOutliner(properties.maxFigures(), properties.defaultAspectRatio()),
                new ModelOutliner(gateway, validator, properties.maxRepairs(), identity.name()),
                validator, blobs, identity, clock);
    }
}
