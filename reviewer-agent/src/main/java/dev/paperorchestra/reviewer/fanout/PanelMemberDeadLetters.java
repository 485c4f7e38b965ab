package dev.paperorchestra.reviewer.fanout;

import dev.paperorchestra.reviewer.review.ReviewService;
import dev.paperorchestra.runtime.cancel.PaperCancelledException;
import dev.paperorchestra.runtime.kafka.DeadLetterRecoverer;
import dev.paperorchestra.runtime.kafka.EventPublisher;
import dev.paperorchestra.runtime.kafka.FailureReasons;
import dev.paperorchestra.runtime.kafka.PaperKeys;
import dev.paperorchestra.runtime.kafka.PaperStatusPublisher;
import dev.paperorchestra.runtime.logging.PaperLogContext;
import dev.paperorchestra.runtime.metrics.PaperMetrics;
import dev.paperorchestra.schemas.PanelReviewRequestedEvent;
import dev.paperorchestra.schemas.topics.Topics;
import java.util.function.BiConsumer;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.TopicPartition;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.kafka.core.KafkaOperations;
import org.springframework.kafka.listener.DeadLetterPublishingRecoverer;

/**
 * Last stop of a panel member's record that failed past its delivery attempts (or failed permanently): the record
 * goes to {@code panel-review-requests-dlt} with the exception in redacted headers, as every dead letter does,
 * but the paper is not failed: a "member failed" outcome goes to panel-member-reviews instead, so the panel
 * gatherer proceeds with the other members and names this one. All three writes join the recovery transaction
 * that commits the record's offset. A record that cannot be read as a member request (or a cancelled paper's)
 * is handled as any other agent's record.
 */
public final class PanelMemberDeadLetters implements BiConsumer<ConsumerRecord<?, ?>, Exception> {

    private static final Logger log = LoggerFactory.getLogger(PanelMemberDeadLetters.class);

    private final DeadLetterPublishingRecoverer deadLetters;
    private final DeadLetterRecoverer otherwise;
    private final EventPublisher publisher;
    private final PaperStatusPublisher status;
    private final PaperMetrics metrics;
    private final String stage;

    /**
     * @param otherwise the agent's usual recoverer, for records that are not a readable member request
     */
    public PanelMemberDeadLetters(KafkaOperations<String, Object> kafka, DeadLetterRecoverer otherwise,
            EventPublisher publisher, PaperStatusPublisher status, PaperMetrics metrics, String stage) {
        this.deadLetters = new DeadLetterPublishingRecoverer(kafka,
                (record, ex) -> new TopicPartition(record.topic() + Topics.DEAD_LETTER_SUFFIX, record.partition()));
        this.deadLetters.setExceptionHeadersCreator(DeadLetterRecoverer::redactedExceptionHeaders);
        this.otherwise = otherwise;
        this.publisher = publisher;
        this.status = status;
        this.metrics = metrics;
        this.stage = stage;
    }

    @Override
    public void accept(ConsumerRecord<?, ?> record, Exception failure) {
        if (!(record.value() instanceof PanelReviewRequestedEvent request)
                || PaperCancelledException.isCancellation(failure)) {
            otherwise.accept(record, failure);
            return;
        }
        String paperId = PaperKeys.paperIdOf(record.key());
        try (var paper = PaperLogContext.open(paperId)) {
            String reason = FailureReasons.describe(failure);
            log.warn("paper {}: panel {} failed past its retries at {}-{}@{}; record sent to {}{}, the panel "
                    + "proceeds without it: {}", paperId, request.getSeatName(), record.topic(), record.partition(),
                    record.offset(), record.topic(), Topics.DEAD_LETTER_SUFFIX, reason);
            deadLetters.accept(record, failure);
            publisher.publish(Topics.PANEL_MEMBER_REVIEWS, request.getPaperId(),
                    ReviewService.memberFailed(request, reason));
            metrics.deadLettered(record.topic());
            status.notice(paperId, stage, request.getSeatName() + " left out of the panel's review of version "
                    + request.getState().getCandidate().getVersion() + " after its retries: " + reason);
        }
    }
}
