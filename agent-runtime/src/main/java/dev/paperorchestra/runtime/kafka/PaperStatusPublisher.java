package dev.paperorchestra.runtime.kafka;

import dev.paperorchestra.base.redaction.Redaction;
import dev.paperorchestra.runtime.tracing.RecordTracing;
import dev.paperorchestra.schemas.PaperStatusChangedEvent;
import dev.paperorchestra.schemas.StageState;
import dev.paperorchestra.schemas.topics.Topics;
import java.time.Clock;
import java.time.Instant;
import org.jspecify.annotations.Nullable;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.kafka.core.KafkaTemplate;

/**
 * Reports a paper's progress on paper-status, the topic people and the cli watch. Outcomes (COMPLETED,
 * FAILED) join the current transaction, so they are visible exactly when the step's output is. Progress
 * (STARTED, NOTICE) is sent at once outside any transaction: a step that takes minutes must show that it
 * began, and a duplicate "started" after a redelivery is accurate, not harmful. Every event names the trace
 * of the paper current on the calling thread, so an operator can go from a status line to the paper's trace.
 */
public final class PaperStatusPublisher implements AutoCloseable {

    private final EventPublisher publisher;
    private final KafkaTemplate<String, Object> progressTemplate;
    /** Non-transactional: progress is visible at once, whatever becomes of the step's transaction. */
    private final EventPublisher progress;
    private final String agent;
    private final Clock clock;
    private final RecordTracing tracing;

    public PaperStatusPublisher(EventPublisher publisher, KafkaTemplate<String, Object> progress, String agent,
            Clock clock, RecordTracing tracing) {
        this.publisher = publisher;
        this.progressTemplate = progress;
        this.progress = new EventPublisher(progress);
        this.agent = agent;
        this.clock = clock;
        this.tracing = tracing;
    }

    public void started(String paperId, String stage, String message) {
        progress.publish(Topics.PAPER_STATUS, paperId,
                event(paperId, stage, agent, StageState.STARTED, message, clock.instant(), tracing.currentTraceId()));
    }

    public void notice(String paperId, String stage, String message) {
        progress.publish(Topics.PAPER_STATUS, paperId,
                event(paperId, stage, agent, StageState.NOTICE, message, clock.instant(), tracing.currentTraceId()));
    }

    public void completed(String paperId, String stage, String message) {
        publish(paperId, stage, StageState.COMPLETED, message);
    }

    public void failed(String paperId, String stage, String message) {
        publish(paperId, stage, StageState.FAILED, message);
    }

    /**
     * A status event a domain service built (e.g. a draft's notices and its completion), sent in the listener's
     * transaction with the output it belongs to, stamped with the current trace id when it has none.
     */
    public void publish(PaperStatusChangedEvent event) {
        PaperStatusChangedEvent stamped = event.getTraceId() != null ? event
                : PaperStatusChangedEvent.newBuilder(event).setTraceId(tracing.currentTraceId()).build();
        publisher.publish(Topics.PAPER_STATUS, event.getPaperId(), stamped);
    }

    /** Closes the progress producer; the application context calls this on shutdown. */
    @Override
    public void close() {
        if (progressTemplate.getProducerFactory() instanceof DisposableBean factory) {
            try {
                factory.destroy();
            } catch (Exception e) {
                throw new IllegalStateException("cannot close the paper-status progress producer", e);
            }
        }
    }

    /**
     * A status event without a trace id, for a Kafka Streams aggregation: its topology stamps the trace id of
     * the record being processed on every status event it emits.
     */
    public static PaperStatusChangedEvent event(String paperId, String stage, String agent, StageState state,
            String message, Instant at) {
        return event(paperId, stage, agent, state, message, at, null);
    }

    public static PaperStatusChangedEvent event(String paperId, String stage, String agent, StageState state,
            String message, Instant at, @Nullable String traceId) {
        return PaperStatusChangedEvent.newBuilder().setPaperId(paperId).setStage(stage).setAgent(agent)
                .setState(state).setMessage(Redaction.redact(message)).setOccurredAt(at).setTraceId(traceId).build();
    }

    private void publish(String paperId, String stage, StageState state, String message) {
        publisher.publish(Topics.PAPER_STATUS, paperId, event(paperId, stage, agent, state, message, clock.instant(),
                tracing.currentTraceId()));
    }
}
