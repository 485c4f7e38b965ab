package dev.paperorchestra.bench.simulate;

import static org.assertj.core.api.Assertions.assertThat;

import dev.paperorchestra.runtime.kafka.ConsumerIdleClock;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.apache.kafka.common.record.TimestampType;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class HopLatencyProbeTest {

    private static final long MINUTE = 60_000;

    private final HopLatencyProbe probe = new HopLatencyProbe();

    @BeforeEach
    @AfterEach
    void forget() {
        HopLatencyProbe.reset();
    }

    @Test
    void a_record_that_waited_behind_its_consumers_earlier_work_counts_that_wait_as_queue_wait_not_as_hop() {
        long produced = System.currentTimeMillis() - 10 * MINUTE;
        // the consumer thread finished its earlier records only now: the ten minutes were spent queueing
        new ConsumerIdleClock<>().clearThreadState(null);

        probe.onConsume(records("plot-tasks", produced));

        assertThat(HopLatencyProbe.queueWaitQuantileMs(0.5)).isGreaterThanOrEqualTo(10 * MINUTE);
        assertThat(HopLatencyProbe.quantileMs(0.5)).isLessThan(MINUTE);
        assertThat(HopLatencyProbe.byTopic().get("plot-tasks").hops()).isEqualTo(1);
    }

    @Test
    void a_record_its_consumer_was_free_to_take_has_no_queue_wait_and_its_whole_way_is_the_hop() throws Exception {
        long produced = System.currentTimeMillis() - 10 * MINUTE;
        // a consumer thread that has had no earlier work was free all along
        Thread consumer = new Thread(() -> probe.onConsume(records("paper-outlines", produced)));
        consumer.start();
        consumer.join();

        assertThat(HopLatencyProbe.quantileMs(0.5)).isGreaterThanOrEqualTo(10 * MINUTE);
        assertThat(HopLatencyProbe.queueWaitQuantileMs(0.99)).isZero();
        assertThat(HopLatencyProbe.byTopic()).containsOnlyKeys("paper-outlines");
    }

    @Test
    void quantiles_are_ranks_of_the_measured_values() {
        List<Long> values = List.of(5L, 1L, 4L, 2L, 3L, 100L, 6L, 7L, 8L, 9L);

        assertThat(HopLatencyProbe.quantile(values, 0.5)).isEqualTo(5);
        assertThat(HopLatencyProbe.quantile(values, 0.99)).isEqualTo(100);
        assertThat(HopLatencyProbe.quantile(values, 1.0)).isEqualTo(100);
        assertThat(HopLatencyProbe.quantile(List.of(), 0.5)).isZero();
    }

    private static ConsumerRecords<Object, Object> records(String topic, long timestamp) {
        TopicPartition partition = new TopicPartition(topic, 0);
        ConsumerRecord<Object, Object> record = new ConsumerRecord<>(topic, 0, 0, timestamp,
                TimestampType.CREATE_TIME, 0, 0, "paper-1", "event", new RecordHeaders(), Optional.empty());
        return new ConsumerRecords<>(Map.of(partition, List.of(record)), Map.of());
    }
}
