package dev.paperorchestra.runtime.kafka;

import dev.paperorchestra.runtime.logging.PaperLogContext;
import dev.paperorchestra.runtime.metrics.PaperMetrics;
import dev.paperorchestra.runtime.tracing.RecordTracing;
import io.micrometer.tracing.Span;
import dev.paperorchestra.runtime.cancel.PaperCancelledException;
import dev.paperorchestra.base.redaction.Redaction;
import dev.paperorchestra.schemas.topics.Topics;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.util.function.BiConsumer;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.header.Headers;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.kafka.core.KafkaOperations;
import org.springframework.kafka.listener.DeadLetterPublishingRecoverer;

/**
 * Last stop of a record that cannot be processed: it goes to {@code <topic>-dlt} on the same partition with
 * the exception in headers (spring-kafka's {@code kafka_dlt-exception-*}, credentials redacted), and the paper is marked failed on
 * paper-status with a readable reason (a cancelled paper's record is only acknowledged). Both writes join the recovery transaction that also commits the
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
        this.deadLetters.setExceptionHeadersCreator(DeadLetterRecoverer::redactedExceptionHeaders);
        this.status = status;
        this.stage = stage;
        this.metrics = metrics;
        this.tracing = tracing;
    }

    /**
     * spring-kafka's exception headers (class, cause class, message, stack trace) with every message of the chain
     * redacted: an error body echoing an API key must not travel on to the -dlt topic.
     */
    public static void redactedExceptionHeaders(Headers headers, Exception failure, boolean isKey,
            DeadLetterPublishingRecoverer.HeaderNames names) {
        DeadLetterPublishingRecoverer.HeaderNames.ExceptionInfo info = names.getExceptionInfo();
        Throwable cause = failure.getCause() != null ? failure.getCause() : failure;
        StringWriter trace = new StringWriter();
        failure.printStackTrace(new PrintWriter(trace));
        headers.add(isKey ? info.getKeyExceptionFqcn() : info.getExceptionFqcn(), utf8(failure.getClass().getName()));
        if (!isKey) {
            headers.add(info.getExceptionCauseFqcn(), utf8(cause.getClass().getName()));
        }
        headers.add(isKey ? info.getKeyExceptionMessage() : info.getExceptionMessage(),
                utf8(Redaction.redact(String.valueOf(cause.getMessage()))));
        headers.add(isKey ? info.getKeyExceptionStacktrace() : info.getExceptionStacktrace(),
                utf8(Redaction.redact(trace.toString())));
    }

    private static byte[] utf8(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
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
        metrics.deadLettered(record.topic());
        metrics.failed();
    }
}
