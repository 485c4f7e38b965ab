package dev.paperorchestra.cli.simulate;

import java.util.Map;
import java.util.concurrent.atomic.AtomicLongArray;
import org.apache.kafka.clients.consumer.ConsumerInterceptor;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;

/**
 * A consumer interceptor measuring every hop: from a record's producer timestamp to the moment a consumer of
 * an agent receives it, on every topic. Consumers read committed records only, so a hop includes the wait for
 * the producing transaction to commit. Kafka instantiates the interceptor itself, so the measurements go to one
 * JVM-wide histogram (1 ms buckets up to a minute); the simulation runs every agent in this JVM.
 */
public final class HopLatencyProbe implements ConsumerInterceptor<Object, Object> {

    private static final int BUCKETS = 60_001;
    private static final AtomicLongArray HISTOGRAM = new AtomicLongArray(BUCKETS);

    /** Forgets what was measured (one simulation per JVM at a time). */
    static void reset() {
        for (int i = 0; i < BUCKETS; i++) {
            HISTOGRAM.set(i, 0);
        }
    }

    /** The given quantile (0-1) of the hops measured, in ms; 0 when none was. */
    static long quantileMs(double quantile) {
        long total = 0;
        for (int i = 0; i < BUCKETS; i++) {
            total += HISTOGRAM.get(i);
        }
        if (total == 0) {
            return 0;
        }
        long rank = (long) Math.ceil(quantile * total);
        long seen = 0;
        for (int i = 0; i < BUCKETS; i++) {
            seen += HISTOGRAM.get(i);
            if (seen >= rank) {
                return i;
            }
        }
        return BUCKETS - 1;
    }

    static long count() {
        long total = 0;
        for (int i = 0; i < BUCKETS; i++) {
            total += HISTOGRAM.get(i);
        }
        return total;
    }

    @Override
    public ConsumerRecords<Object, Object> onConsume(ConsumerRecords<Object, Object> records) {
        long now = System.currentTimeMillis();
        for (ConsumerRecord<Object, Object> record : records) {
            if (record.timestamp() > 0) {
                HISTOGRAM.incrementAndGet((int) Math.clamp(now - record.timestamp(), 0, BUCKETS - 1));
            }
        }
        return records;
    }

    @Override
    public void onCommit(Map<TopicPartition, OffsetAndMetadata> offsets) {
    }

    @Override
    public void close() {
    }

    @Override
    public void configure(Map<String, ?> configs) {
    }
}
