package dev.paperorchestra.cli.bench.autorate;

import dev.paperorchestra.runtime.registry.EventSerdes;
import dev.paperorchestra.schemas.ScholarLookupCachedEvent;
import dev.paperorchestra.schemas.ScholarRecord;
import dev.paperorchestra.schemas.topics.Topics;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.avro.specific.SpecificRecord;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.StringDeserializer;

/**
 * Every positive answer on the compacted scholar-cache topic, read once to its current end: what the
 * deployment's verifier has looked up so far, in any paper of any run, at no further Semantic Scholar request.
 */
public final class ScholarCacheSnapshot {

    private static final TopicPartition PARTITION = new TopicPartition(Topics.SCHOLAR_CACHE.name(), 0);

    private ScholarCacheSnapshot() {
    }

    public static Map<String, ScholarRecord> read(String bootstrapServers, Duration limit) {
        Map<String, Object> config = new HashMap<>();
        config.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
        config.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed");
        config.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
        config.put(ConsumerConfig.MAX_POLL_RECORDS_CONFIG, 2000);
        Map<String, ScholarRecord> answers = new HashMap<>();
        try (KafkaConsumer<String, SpecificRecord> consumer = new KafkaConsumer<>(config, new StringDeserializer(),
                EventSerdes.deserializer(config))) {
            consumer.assign(List.of(PARTITION));
            consumer.seekToBeginning(List.of(PARTITION));
            long end = consumer.endOffsets(List.of(PARTITION)).get(PARTITION);
            Instant deadline = Instant.now().plus(limit);
            while (consumer.position(PARTITION) < end && Instant.now().isBefore(deadline)) {
                for (ConsumerRecord<String, SpecificRecord> record : consumer.poll(Duration.ofMillis(200))) {
                    if (record.value() instanceof ScholarLookupCachedEvent cached && cached.getRecord() != null) {
                        answers.put(cached.getLookupKey(), cached.getRecord());
                    }
                }
            }
        }
        return answers;
    }
}
