package dev.paperorchestra.runtime.kafka;

import dev.paperorchestra.runtime.cancel.PaperCancelledException;
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
 * paper-status with a readable reason (a cancelled paper's record is only acknowledged). Both writes join the recovery transaction that also commits the
 * record's offset, so the record is neither lost nor processed again.
 */
public final class DeadLetterRecoverer implements BiConsumer<ConsumerRecord<?, ?>, Exception> {

    private static final Logger log = LoggerFactory.getLogger(DeadLetterRecoverer.class);

    private final DeadLetterPublishingRecoverer deadLetters;
    private final PaperStatusPublisher status;
    private final String stage;

    public DeadLetterRecoverer(KafkaOperations<String, Object> kafka, PaperStatusPublisher status, String stage) {
        this.deadLetters = new DeadLetterPublishingRecoverer(kafka,
                (record, ex) -> new TopicPartition(record.topic() + Topics.DEAD_LETTER_SUFFIX, record.partition()));
        this.status = status;
        this.stage = stage;
    }

    @Override
    public void accept(ConsumerRecord<?, ?> record, Exception failure) {
        String paperId = PaperKeys.paperIdOf(record.key());
        if (PaperCancelledException.isCancellation(failure)) {
            // not a failure: the paper service marked the paper CANCELLED; the offset commits without output
            log.info("paper {} was cancelled during {}-{}@{}; acknowledged without output", paperId, record.topic(),
                    record.partition(), record.offset());
            return;
        }
        String reason = FailureReasons.describe(failure);
        log.error("paper {} failed at {}-{}@{}; record sent to {}{}: {}", paperId, record.topic(),
                record.partition(), record.offset(), record.topic(), Topics.DEAD_LETTER_SUFFIX, reason);
        deadLetters.accept(record, failure);
        status.failed(paperId, stage, reason);
    }
}
