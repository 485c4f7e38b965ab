package dev.paperorchestra.cli.bench.run;

import dev.paperorchestra.runtime.registry.EventSerdes;
import dev.paperorchestra.schemas.topics.Topics;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.avro.specific.SpecificRecord;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.PartitionInfo;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.StringDeserializer;

/**
 * Every paper ever put on paper-requests, with how many times: what a resumed bench run asks before it
 * submits a case it had only begun to submit, and how a test proves no paper was submitted twice.
 */
public final class SubmittedPapers {

    private static final Duration READ_LIMIT = Duration.ofSeconds(60);

    private SubmittedPapers() {
    }

    /** Paper id to the number of requests for it, read from the beginning to the current end of the topic. */
    public static Map<String, Integer> read(String bootstrapServers) {
        Map<String, Object> config = new HashMap<>();
        config.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
        config.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed");
        config.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
        Map<String, Integer> counts = new TreeMap<>();
        try (KafkaConsumer<String, SpecificRecord> consumer = new KafkaConsumer<>(config, new StringDeserializer(),
                EventSerdes.deserializer(config))) {
            List<TopicPartition> partitions = consumer.partitionsFor(Topics.PAPER_REQUESTS.name()).stream()
                    .map(PartitionInfo::partition)
                    .map(partition -> new TopicPartition(Topics.PAPER_REQUESTS.name(), partition)).toList();
            consumer.assign(partitions);
            consumer.seekToBeginning(partitions);
            Map<TopicPartition, Long> end = consumer.endOffsets(partitions);
            Instant deadline = Instant.now().plus(READ_LIMIT);
            while (partitions.stream().anyMatch(p -> consumer.position(p) < end.get(p))) {
                if (Instant.now().isAfter(deadline)) {
                    throw new IllegalStateException("paper-requests could not be read to its end within " + READ_LIMIT);
                }
                for (ConsumerRecord<String, SpecificRecord> record : consumer.poll(Duration.ofMillis(200))) {
                    counts.merge(record.key(), 1, Integer::sum);
                }
            }
        }
        return counts;
    }
}
