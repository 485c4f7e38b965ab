package dev.paperorchestra.runtime.it;

import dev.paperorchestra.gateway.LlmGateway;
import dev.paperorchestra.gateway.LlmRequest;
import dev.paperorchestra.gateway.LlmRole;
import java.util.List;
import dev.paperorchestra.base.errors.PermanentException;
import dev.paperorchestra.base.errors.RetriableException;
import dev.paperorchestra.runtime.kafka.EventPublisher;
import dev.paperorchestra.runtime.kafka.PaperStatusPublisher;
import dev.paperorchestra.runtime.streams.KafkaStreamsService;
import dev.paperorchestra.runtime.streams.PaperAggregationRunner;
import dev.paperorchestra.runtime.streams.Step;
import dev.paperorchestra.schemas.OutlineCreatedEvent;
import dev.paperorchestra.schemas.PaperRequestedEvent;
import dev.paperorchestra.schemas.StageState;
import dev.paperorchestra.schemas.topics.Topics;
import java.time.Instant;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.context.annotation.Bean;
import org.springframework.kafka.annotation.KafkaListener;
import org.springframework.stereotype.Component;

/** A minimal agent on the runtime: its behaviour is chosen by the paper id of the request. */
@SpringBootApplication
public class RuntimeTestApplication {

    static final String AGGREGATION = "probe-outlines";

    /**
     * A Kafka Streams step on paper-outlines: reports each outline on paper-status, and fails papers whose id
     * starts with "poison" (their record goes to paper-outlines-dlt).
     */
    @Bean
    KafkaStreamsService probeAggregation(PaperAggregationRunner aggregations) {
        return aggregations.service(AGGREGATION, List.of(Topics.PAPER_OUTLINES.name()), PaperRequestedEvent.class,
                (state, event) -> {
                    String paperId = ((OutlineCreatedEvent) event).getContext().getPaperId();
                    if (paperId.startsWith("poison")) {
                        throw new PermanentException("outline of " + paperId + " cannot be aggregated");
                    }
                    return Step.finish(Step.Output.of(Topics.PAPER_STATUS, paperId, PaperStatusPublisher.event(paperId, "aggregate",
                            "probe-agent", StageState.COMPLETED, "aggregated", Instant.now())));
                });
    }

    @Component
    static class ProbeListener {

        final Map<String, AtomicInteger> attempts = new ConcurrentHashMap<>();
        private final PaperStatusPublisher status;
        private final EventPublisher events;
        private final LlmGateway gateway;

        ProbeListener(PaperStatusPublisher status, EventPublisher events, LlmGateway gateway) {
            this.status = status;
            this.events = events;
            this.gateway = gateway;
        }

        @KafkaListener(id = "probe", topics = Topics.Names.PAPER_REQUESTS)
        void on(PaperRequestedEvent event) {
            String paperId = event.getContext().getPaperId();
            int attempt = attempts.computeIfAbsent(paperId, id -> new AtomicInteger()).incrementAndGet();
            if (paperId.startsWith("permanent")) {
                throw new PermanentException("template.tex: no \\section{...} commands");
            }
            if (paperId.startsWith("flaky") && attempt == 1) {
                throw new RetriableException("provider answered 503");
            }
            if (paperId.startsWith("model")) {
                gateway.call(new LlmRequest(paperId, "probe-agent", LlmRole.PLANNER, "Plan.",
                        "Plan a paper from these materials: " + "idea ".repeat(200), null, List.of()));
            }
            if (paperId.startsWith("traced") || paperId.startsWith("poison")) {
                // on to the probe aggregation: a second hop, inside Kafka Streams
                events.publish(Topics.PAPER_OUTLINES, paperId, OutlineCreatedEvent.newBuilder().setContext(event.getContext())
                        .setFigureCount(0).setSearchQueryCount(0).build());
            }
            if (paperId.startsWith("half")) {
                // the completion joins the transaction; the failure after it must roll it back
                status.completed(paperId, "probe", "must never be visible");
                throw new PermanentException("failed after writing");
            }
            status.completed(paperId, "probe", "done on attempt " + attempt);
        }
    }
}
