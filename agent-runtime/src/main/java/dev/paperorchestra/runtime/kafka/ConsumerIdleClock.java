package dev.paperorchestra.runtime.kafka;

import org.apache.kafka.clients.consumer.Consumer;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.jspecify.annotations.Nullable;
import org.springframework.kafka.listener.BatchInterceptor;
import org.springframework.kafka.listener.RecordInterceptor;

/**
 * When a listener's consumer thread last finished the records of a poll and became free to take more. A record
 * that reaches its consumer later than it was produced either travelled (commit, fetch) or waited behind the
 * consumer's earlier work; this clock tells the two apart for whoever measures hops (a consumer interceptor
 * runs inside {@code poll()} on the same thread). Installed on every listener container factory of the runtime.
 */
public final class ConsumerIdleClock<K, V> implements RecordInterceptor<K, V>, BatchInterceptor<K, V> {

    private static final ThreadLocal<Long> FREE_SINCE = ThreadLocal.withInitial(() -> 0L);

    /** Epoch ms at which this thread last finished a poll's records; 0 when it has finished none. */
    public static long freeSinceMillis() {
        return FREE_SINCE.get();
    }

    @Override
    public ConsumerRecord<K, V> intercept(ConsumerRecord<K, V> record, Consumer<K, V> consumer) {
        return record;
    }

    @Override
    public ConsumerRecords<K, V> intercept(ConsumerRecords<K, V> records, Consumer<K, V> consumer) {
        return records;
    }

    @Override
    public void clearThreadState(@Nullable Consumer<?, ?> consumer) {
        FREE_SINCE.set(System.currentTimeMillis());
    }
}
