package dev.paperorchestra.embedded.pipeline;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.function.Predicate;
import org.apache.avro.specific.SpecificRecord;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.errors.RecordDeserializationException;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One poll of an outcome consumer that reads paper-status and paper-completed from their beginning. A state
 * directory kept from an older version may hold records this version cannot read; a watcher that stopped at the
 * first of them would fail every new run, so a record of another paper is skipped (and logged), and only an
 * unreadable record of a paper being waited for is an error.
 */
public final class OutcomeRecords {

    private static final Logger log = LoggerFactory.getLogger(OutcomeRecords.class);

    private OutcomeRecords() {
    }

    /**
     * @param waitedFor whether a paper id is one the caller waits for
     * @throws UnreadableOutcomeException when a record of a paper waited for cannot be read
     */
    public static Iterable<ConsumerRecord<String, SpecificRecord>> poll(KafkaConsumer<String, SpecificRecord> consumer,
            Duration timeout, Predicate<String> waitedFor) {
        try {
            return consumer.poll(timeout);
        } catch (RecordDeserializationException e) {
            @Nullable String paperId = key(e.keyBuffer());
            if (paperId != null && waitedFor.test(paperId)) {
                throw new UnreadableOutcomeException("the outcome of paper " + paperId + " on " + e.topicPartition()
                        + " at offset " + e.offset() + " cannot be read: " + rootMessage(e), e);
            }
            log.warn("skipped a record on {} at offset {} that this version cannot read (paper {}; kept from an "
                    + "earlier run?): {}", e.topicPartition(), e.offset(), paperId == null ? "unknown" : paperId,
                    rootMessage(e));
            consumer.seek(e.topicPartition(), e.offset() + 1);
            return List.of();
        }
    }

    private static @Nullable String key(@Nullable ByteBuffer buffer) {
        if (buffer == null) {
            return null;
        }
        ByteBuffer copy = buffer.duplicate();
        byte[] bytes = new byte[copy.remaining()];
        copy.get(bytes);
        return new String(bytes, StandardCharsets.UTF_8);
    }

    private static String rootMessage(Throwable e) {
        Throwable cause = e;
        while (cause.getCause() != null && cause.getCause() != cause) {
            cause = cause.getCause();
        }
        return String.valueOf(cause.getMessage());
    }

    /** A record of a paper being waited for cannot be read by this version. */
    public static final class UnreadableOutcomeException extends RuntimeException {

        UnreadableOutcomeException(String message, Throwable cause) {
            super(message, cause);
        }
    }
}
