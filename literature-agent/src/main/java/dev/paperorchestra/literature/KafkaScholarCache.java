package dev.paperorchestra.literature;

import dev.paperorchestra.literature.verify.InMemoryScholarCache;
import dev.paperorchestra.runtime.kafka.KafkaClientProperties;
import dev.paperorchestra.runtime.registry.EventSerdes;
import dev.paperorchestra.schemas.ScholarLookupCachedEvent;
import dev.paperorchestra.schemas.ScholarRecord;
import dev.paperorchestra.schemas.topics.Topics;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.kafka.KafkaClientMetrics;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.apache.avro.specific.SpecificRecord;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The verifier's view of the compacted scholar-cache topic: read from the beginning before the first request,
 * then caught up before every request, so a replica taking over sees what the previous active verifier
 * learnt. Used by the single verifier thread only; a consumer without a group (the topic has one partition).
 * <p>
 * Each new answer is written to the topic the moment the verifier remembers it, outside the verifier's
 * transaction: the request was spent (at the pace the service allows) whether or not the poll that asked
 * commits, so a verifier killed in the middle of a long poll leaves its answers to the replica that redoes the
 * poll, instead of making it ask Semantic Scholar again.
 */
final class KafkaScholarCache extends InMemoryScholarCache implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(KafkaScholarCache.class);
    private static final TopicPartition PARTITION = new TopicPartition(Topics.SCHOLAR_CACHE.name(), 0);
    /** A catch-up that cannot reach the end in this time goes on with what it has (misses only cost requests). */
    private static final Duration CATCH_UP_LIMIT = Duration.ofSeconds(30);

    private final KafkaConsumer<String, SpecificRecord> consumer;
    private final KafkaProducer<String, Object> producer;
    private final Clock clock;
    private @Nullable KafkaClientMetrics consumerMetrics;
    private @Nullable KafkaClientMetrics producerMetrics;
    private boolean assigned;

    KafkaScholarCache(KafkaClientProperties kafka, String clientId, Clock clock) {
        this.clock = clock;
        Map<String, Object> config = kafka.common();
        config.put(ConsumerConfig.CLIENT_ID_CONFIG, clientId);
        config.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed");
        config.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
        config.put(ConsumerConfig.MAX_POLL_RECORDS_CONFIG, 2000);
        this.consumer = new KafkaConsumer<>(config, new StringDeserializer(), EventSerdes.deserializer(config));
        Map<String, Object> producerConfig = kafka.common();
        producerConfig.put(ProducerConfig.CLIENT_ID_CONFIG, clientId + "-writer");
        producerConfig.put(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, true);
        this.producer = new KafkaProducer<>(producerConfig, new StringSerializer(),
                EventSerdes.serializer(producerConfig));
    }

    /** Remembers a new answer of the source and writes it to scholar-cache at once (see the class comment). */
    @Override
    public synchronized void remember(String source, String lookupKey, @Nullable ScholarRecord record) {
        super.remember(source, lookupKey, record);
        // compaction keeps the last answer per record key: the scope is part of it, so a replay store's answer
        // never compacts away the live service's answer for the same id, nor another store's
        ScholarLookupCachedEvent event = ScholarLookupCachedEvent.newBuilder().setLookupKey(lookupKey)
                .setFound(record != null).setRecord(record).setSource(source).setFetchedAt(clock.instant()).build();
        producer.send(new ProducerRecord<>(PARTITION.topic(), source + " " + lookupKey, (Object) event),
                (metadata, e) -> {
                    if (e != null) {
                        log.warn("scholar-cache: the answer for {} could not be written ({}); a replica will ask "
                                + "for it again", lookupKey, e.toString());
                    }
                });
    }

    /** Waits until every answer remembered so far is on the topic (or its write has failed). */
    synchronized void flush() {
        producer.flush();
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
                    // read back, not new: only the in-memory view learns it
                    super.remember(cached.getSource(), cached.getLookupKey(), cached.getRecord());
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

    /** Binds the cache clients' Kafka client metrics (lag, fetch and send rates) like every other client's. */
    synchronized void bindMetrics(MeterRegistry registry) {
        consumerMetrics = new KafkaClientMetrics(consumer);
        consumerMetrics.bindTo(registry);
        producerMetrics = new KafkaClientMetrics(producer);
        producerMetrics.bindTo(registry);
    }

    @Override
    public synchronized void close() {
        if (consumerMetrics != null) {
            consumerMetrics.close();
        }
        if (producerMetrics != null) {
            producerMetrics.close();
        }
        producer.close();
        consumer.close();
    }
}
