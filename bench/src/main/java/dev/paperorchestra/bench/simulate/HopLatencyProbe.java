package dev.paperorchestra.bench.simulate;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import dev.paperorchestra.runtime.kafka.ConsumerIdleClock;
import org.apache.kafka.clients.consumer.ConsumerInterceptor;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;

/**
 * A consumer interceptor measuring every hop on every topic, in two parts. The hop proper runs from a record's
 * producer timestamp, or from the moment its consumer became free to take it when that is later, to the moment
 * the consumer receives it: the producing transaction's commit, the fetch, the poll. The queue wait is what
 * came before that: the time a record spent behind its consumer's earlier work ({@link ConsumerIdleClock}; a
 * stage busy with other papers, which the makespan and the busy shares account for). Consumers read committed
 * records only. Kafka instantiates the interceptor itself, so the measurements go to one JVM-wide store, by
 * topic; the simulation runs every agent in this JVM.
 */
public final class HopLatencyProbe implements ConsumerInterceptor<Object, Object> {

    private static final Map<String, List<Long>> HOPS = new ConcurrentHashMap<>();
    private static final Map<String, List<Long>> QUEUE_WAITS = new ConcurrentHashMap<>();

    /** Forgets what was measured (one simulation per JVM at a time). */
    static void reset() {
        HOPS.clear();
        QUEUE_WAITS.clear();
    }

    /** The given quantile (0-1) of every hop measured, in ms; 0 when none was. */
    static long quantileMs(double quantile) {
        return quantile(all(HOPS), quantile);
    }

    /** The given quantile (0-1) of every record's wait behind its consumer's earlier work, in ms. */
    static long queueWaitQuantileMs(double quantile) {
        return quantile(all(QUEUE_WAITS), quantile);
    }

    static long count() {
        return all(HOPS).size();
    }

    /** One topic's hops and queue waits, in ms. */
    record TopicHops(long hops, long p50Ms, long p99Ms, long maxMs, long queueWaitP50Ms, long queueWaitP99Ms,
            long queueWaitMaxMs) {
    }

    /** Per topic: hops measured, and the median, 99th percentile and largest hop and queue wait. */
    static Map<String, TopicHops> byTopic() {
        Map<String, TopicHops> summary = new TreeMap<>();
        HOPS.forEach((topic, hops) -> {
            List<Long> copy = copy(hops);
            List<Long> waits = copy(QUEUE_WAITS.getOrDefault(topic, List.of()));
            summary.put(topic, new TopicHops(copy.size(), quantile(copy, 0.5), quantile(copy, 0.99),
                    quantile(copy, 1.0), quantile(waits, 0.5), quantile(waits, 0.99), quantile(waits, 1.0)));
        });
        return summary;
    }

    private static List<Long> all(Map<String, List<Long>> byTopic) {
        List<Long> all = new ArrayList<>();
        byTopic.values().forEach(values -> all.addAll(copy(values)));
        return all;
    }

    private static List<Long> copy(List<Long> values) {
        synchronized (values) {
            return new ArrayList<>(values);
        }
    }

    private static void add(Map<String, List<Long>> byTopic, String topic, long value) {
        List<Long> values = byTopic.computeIfAbsent(topic, t -> new ArrayList<>());
        synchronized (values) {
            values.add(value);
        }
    }

    static long quantile(List<Long> values, double quantile) {
        if (values.isEmpty()) {
            return 0;
        }
        List<Long> sorted = values.stream().sorted().toList();
        int rank = (int) Math.ceil(quantile * sorted.size());
        return sorted.get(Math.clamp(rank - 1, 0, sorted.size() - 1));
    }

    @Override
    public ConsumerRecords<Object, Object> onConsume(ConsumerRecords<Object, Object> records) {
        long now = System.currentTimeMillis();
        long freeSince = ConsumerIdleClock.freeSinceMillis();
        for (ConsumerRecord<Object, Object> record : records) {
            if (record.timestamp() > 0) {
                long takeable = Math.max(record.timestamp(), freeSince);
                add(HOPS, record.topic(), Math.max(0, now - takeable));
                add(QUEUE_WAITS, record.topic(), Math.max(0, Math.min(now, freeSince) - record.timestamp()));
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
