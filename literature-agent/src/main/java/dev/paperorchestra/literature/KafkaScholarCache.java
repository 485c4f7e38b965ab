package dev.paperorchestra.literature;

import dev.paperorchestra.literature.verify.InMemoryScholarCache;
import dev.paperorchestra.runtime.kafka.KafkaClientProperties;
import dev.paperorchestra.runtime.registry.EventSerdes;
import dev.paperorchestra.schemas.ScholarLookupCachedEvent;
import dev.paperorchestra.schemas.topics.Topics;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.kafka.KafkaClientMetrics;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.apache.avro.specific.SpecificRecord;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The verifier's view of the compacted scholar-cache topic: read from the beginning before the first request,
 * then caught up before every request, so a replica taking over sees what the previous active verifier
 * learnt. Used by the single verifier thread only; a consumer without a group (the topic has one partition).
 */
final class KafkaScholarCache extends InMemoryScholarCache implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(KafkaScholarCache.class);
    private static final TopicPartition PARTITION = new TopicPartition(Topics.SCHOLAR_CACHE.name(), 0);
    /** A catch-up that cannot reach the end in this time goes on with what it has (misses only cost requests). */
    private static final Duration CATCH_UP_LIMIT = Duration.ofSeconds(30);

    private final KafkaConsumer<String, SpecificRecord> consumer;
    private @Nullable KafkaClientMetrics metrics;
    private boolean assigned;

    KafkaScholarCache(KafkaClientProperties kafka, String clientId) {
        Map<String, Object> config = kafka.common();
        config.put(ConsumerConfig.CLIENT_ID_CONFIG, clientId);
        config.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed");
        config.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
        config.put(ConsumerConfig.MAX_POLL_RECORDS_CONFIG, 2000);
        this.consumer = new KafkaConsumer<>(config, new StringDeserializer(), EventSerdes.deserializer(config));
    }

    /**
     * Reads every cache record written since the last call (all of them on the first). A broker problem here
     * does not fail verification: a cache miss only costs a request.
     */
    synchronized void catchUp() {
        try {
            read();
        } catch (KafkaException e) {
            log.warn("scholar-cache could not be read ({}); verifying with the {} answers known", e.getMessage(),
                    size());
        }
    }

    private void read() {
        if (!assigned) {
            consumer.assign(List.of(PARTITION));
            consumer.seekToBeginning(List.of(PARTITION));
            assigned = true;
        }
        long end = consumer.endOffsets(List.of(PARTITION)).get(PARTITION);
        Instant deadline = Instant.now().plus(CATCH_UP_LIMIT);
        int read = 0;
        while (consumer.position(PARTITION) < end && Instant.now().isBefore(deadline)) {
            for (ConsumerRecord<String, SpecificRecord> record : consumer.poll(Duration.ofMillis(200))) {
                if (record.value() instanceof ScholarLookupCachedEvent cached) {
                    remember(cached.getSource(), cached.getLookupKey(), cached.getRecord());
                    read++;
                }
            }
        }
        if (consumer.position(PARTITION) < end) {
            log.warn("scholar-cache catch-up stopped at offset {} of {} after {}; going on with {} answers",
                    consumer.position(PARTITION), end, CATCH_UP_LIMIT, size());
        } else if (read > 0) {
            log.info("scholar-cache caught up to offset {}: {} answers read, {} known", end, read, size());
        }
    }

    /** Binds the cache consumer's Kafka client metrics (lag, fetch rates) like every other client's. */
    synchronized void bindMetrics(MeterRegistry registry) {
        metrics = new KafkaClientMetrics(consumer);
        metrics.bindTo(registry);
    }

    @Override
    public synchronized void close() {
        if (metrics != null) {
            metrics.close();
        }
        consumer.close();
    }
}
