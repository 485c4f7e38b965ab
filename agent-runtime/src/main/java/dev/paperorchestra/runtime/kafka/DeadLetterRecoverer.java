package dev.paperorchestra.runtime.kafka;

import dev.paperorchestra.runtime.logging.PaperLogContext;
import dev.paperorchestra.runtime.metrics.PaperMetrics;
import dev.paperorchestra.runtime.tracing.RecordTracing;
import io.micrometer.tracing.Span;
import dev.paperorchestra.schemas.topics.Topics;
import java.util.function.BiConsumer;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.TopicPartition;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.kafka.core.KafkaOperations;
import org.springframework.kafka.listener.DeadLetterPublishingRecoverer;

/**
 * Last stop of a record that cannot be processed: it goes to {@code <topic>-dlt} on the same partition with
 * the exception in headers (spring-kafka's {@code kafka_dlt-exception-*}), and the paper is marked failed on
 * paper-status with a readable reason. Both writes join the recovery transaction that also commits the
 * record's offset, so the record is neither lost nor processed again. Counted as a dead letter of its topic
 * and a failure of this agent's stage.
 */
public final class DeadLetterRecoverer implements BiConsumer<ConsumerRecord<?, ?>, Exception> {

    private static final Logger log = LoggerFactory.getLogger(DeadLetterRecoverer.class);

    private final DeadLetterPublishingRecoverer deadLetters;
    private final PaperStatusPublisher status;
    private final String stage;
    private final PaperMetrics metrics;
    private final RecordTracing tracing;

    public DeadLetterRecoverer(KafkaOperations<String, Object> kafka, PaperStatusPublisher status, String stage,
            PaperMetrics metrics, RecordTracing tracing) {
        this.deadLetters = new DeadLetterPublishingRecoverer(kafka,
                (record, ex) -> new TopicPartition(record.topic() + Topics.DEAD_LETTER_SUFFIX, record.partition()));
        this.status = status;
        this.stage = stage;
        this.metrics = metrics;
        this.tracing = tracing;
    }

    @Override
    public void accept(ConsumerRecord<?, ?> record, Exception failure) {
        String paperId = PaperKeys.paperIdOf(record.key());
        // the listener's span has ended by now: continue the paper's trace from the record for the failure
        Span span = tracing.continueFrom(record.headers(), "dead-letter " + record.topic());
        try (var paper = PaperLogContext.open(paperId); var scope = tracing.inScope(span)) {
            recover(record, failure, paperId);
        } finally {
            span.end();
        }
    }

    private void recover(ConsumerRecord<?, ?> record, Exception failure, String paperId) {
        String reason = FailureReasons.describe(failure);
        log.error("paper {} failed at {}-{}@{}; record sent to {}{}: {}", paperId, record.topic(),
                record.partition(), record.offset(), record.topic(), Topics.DEAD_LETTER_SUFFIX, reason);
        deadLetters.accept(record, failure);
        status.failed(paperId, stage, reason);
        metrics.deadLettered(record.topic());
        metrics.failed();
    }
}
