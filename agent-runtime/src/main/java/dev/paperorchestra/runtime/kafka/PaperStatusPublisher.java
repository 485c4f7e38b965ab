package dev.paperorchestra.runtime.kafka;

import dev.paperorchestra.runtime.redaction.Redaction;
import dev.paperorchestra.schemas.PaperStatusChangedEvent;
import dev.paperorchestra.schemas.StageState;
import dev.paperorchestra.schemas.topics.Topics;
import java.time.Clock;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.kafka.core.KafkaTemplate;

/**
 * Reports a paper's progress on paper-status, the topic people and the cli watch. Outcomes (COMPLETED,
 * FAILED) join the current transaction, so they are visible exactly when the step's output is. Progress
 * (STARTED, NOTICE) is sent at once outside any transaction: a step that takes minutes must show that it
 * began, and a duplicate "started" after a redelivery is accurate, not harmful.
 */
public final class PaperStatusPublisher implements AutoCloseable {

    private final EventPublisher publisher;
    private final KafkaTemplate<String, Object> progress;
    private final String agent;
    private final Clock clock;

    public PaperStatusPublisher(EventPublisher publisher, KafkaTemplate<String, Object> progress, String agent,
            Clock clock) {
        this.publisher = publisher;
        this.progress = progress;
        this.agent = agent;
        this.clock = clock;
    }

    public void started(String paperId, String stage, String message) {
        progress.send(Topics.PAPER_STATUS.name(), paperId,
                event(paperId, stage, agent, StageState.STARTED, message, clock.instant()));
    }

    public void notice(String paperId, String stage, String message) {
        progress.send(Topics.PAPER_STATUS.name(), paperId,
                event(paperId, stage, agent, StageState.NOTICE, message, clock.instant()));
    }

    public void completed(String paperId, String stage, String message) {
        publish(paperId, stage, StageState.COMPLETED, message);
    }

    public void failed(String paperId, String stage, String message) {
        publish(paperId, stage, StageState.FAILED, message);
    }

    /** Closes the progress producer; the application context calls this on shutdown. */
    @Override
    public void close() {
        if (progress.getProducerFactory() instanceof DisposableBean factory) {
            try {
                factory.destroy();
            } catch (Exception e) {
                throw new IllegalStateException("cannot close the paper-status progress producer", e);
            }
        }
    }

    public static PaperStatusChangedEvent event(String paperId, String stage, String agent, StageState state,
            String message, java.time.Instant at) {
        return PaperStatusChangedEvent.newBuilder().setPaperId(paperId).setStage(stage).setAgent(agent)
                .setState(state).setMessage(Redaction.redact(message)).setOccurredAt(at).build();
    }

    private void publish(String paperId, String stage, StageState state, String message) {
        publisher.publish(paperId, event(paperId, stage, agent, state, message, clock.instant()));
    }
}
