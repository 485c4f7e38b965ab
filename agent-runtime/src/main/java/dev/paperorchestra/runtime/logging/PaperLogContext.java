package dev.paperorchestra.runtime.logging;

import dev.paperorchestra.runtime.kafka.PaperKeys;
import dev.paperorchestra.runtime.metrics.PaperTenants;
import org.apache.kafka.clients.consumer.Consumer;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.jspecify.annotations.Nullable;
import org.slf4j.MDC;
import org.springframework.kafka.listener.RecordInterceptor;

/**
 * Puts the paper id of the record being processed into the logging context (MDC key {@code paperId}), so
 * every line a listener, a service or the Kafka error handling writes about it carries the paper, in plain
 * text and in JSON logs alike, and tells {@link PaperTenants} the paper's tenant when the record carries it.
 * Installed once on the runtime's listener container factory; the Streams aggregations use {@link #open(String)}
 * around each record.
 */
public final class PaperLogContext<K, V> implements RecordInterceptor<K, V> {

    public static final String PAPER_ID = "paperId";

    /** Sets the paper id until the returned handle is closed. */
    public static MDC.MDCCloseable open(String paperId) {
        return MDC.putCloseable(PAPER_ID, paperId);
    }

    @Override
    public ConsumerRecord<K, V> intercept(ConsumerRecord<K, V> record, Consumer<K, V> consumer) {
        String paperId = PaperKeys.paperIdOf(record.key());
        MDC.put(PAPER_ID, paperId);
        // the model gateway labels this paper's calls with its tenant; the record is where this process learns it
        PaperTenants.learn(paperId, record.value());
        return record;
    }

    @Override
    public void afterRecord(ConsumerRecord<K, V> record, Consumer<K, V> consumer) {
        MDC.remove(PAPER_ID);
    }

    @Override
    public void clearThreadState(@Nullable Consumer<?, ?> consumer) {
        MDC.remove(PAPER_ID);
    }
}
