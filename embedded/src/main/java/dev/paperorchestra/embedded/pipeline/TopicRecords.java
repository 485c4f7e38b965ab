package dev.paperorchestra.embedded.pipeline;

import dev.paperorchestra.runtime.registry.EventSerdes;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.apache.avro.specific.SpecificRecord;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.PartitionInfo;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.StringDeserializer;

/**
 * Every committed record of one topic, from its beginning to its end as it is when the read starts, without
 * joining a group: how a resumed run, a test or the chaos suite counts what reached a topic.
 */
public final class TopicRecords {

    private static final Duration READ_LIMIT = Duration.ofSeconds(60);

    private TopicRecords() {
    }

    /**
     * Hands every committed record of the topic to {@code each}, partition by partition in offset order.
     *
     * @throws IllegalStateException when the topic cannot be read to its end within a minute
     */
    public static void read(String bootstrapServers, String topic,
            Consumer<ConsumerRecord<String, SpecificRecord>> each) {
        read(bootstrapServers, Map.of(), topic, each);
    }

    /** As {@link #read(String, String, Consumer)}, with extra client settings (a schema registry's URL, say). */
    public static void read(String bootstrapServers, Map<String, ?> extra, String topic,
            Consumer<ConsumerRecord<String, SpecificRecord>> each) {
        Map<String, Object> config = new HashMap<>(extra);
        config.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
        config.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed");
        config.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
        try (KafkaConsumer<String, SpecificRecord> consumer = new KafkaConsumer<>(config, new StringDeserializer(),
                EventSerdes.deserializer(config))) {
            List<TopicPartition> partitions = consumer.partitionsFor(topic).stream().map(PartitionInfo::partition)
                    .map(partition -> new TopicPartition(topic, partition)).toList();
            consumer.assign(partitions);
            consumer.seekToBeginning(partitions);
            Map<TopicPartition, Long> end = consumer.endOffsets(partitions);
            Instant deadline = Instant.now().plus(READ_LIMIT);
            while (partitions.stream().anyMatch(p -> consumer.position(p) < end.get(p))) {
                if (Instant.now().isAfter(deadline)) {
                    throw new IllegalStateException(topic + " could not be read to its end within " + READ_LIMIT);
                }
                consumer.poll(Duration.ofMillis(200)).forEach(each);
            }
        }
    }
}
