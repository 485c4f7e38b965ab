package dev.paperorchestra.runtime.cancel;

import dev.paperorchestra.runtime.registry.EventSerdes;
import dev.paperorchestra.schemas.PaperCancelledEvent;
import dev.paperorchestra.schemas.topics.Topics;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.avro.specific.SpecificRecord;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.PartitionInfo;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.WakeupException;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Reads the whole compacted {@code paper-cancellations} topic from the beginning on a daemon thread, and then
 * every new marker as it arrives (a poll every 100 ms), without a consumer group: every instance of every agent
 * must see every marker, not a share of them.
 */
public final class KafkaPaperCancellations implements PaperCancellations, AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(KafkaPaperCancellations.class);
    private static final Duration POLL = Duration.ofMillis(100);

    private final Set<String> cancelled = ConcurrentHashMap.newKeySet();
    private final KafkaConsumer<String, SpecificRecord> consumer;
    private final AtomicBoolean running = new AtomicBoolean(true);

    public KafkaPaperCancellations(Map<String, Object> clientProperties, String agent) {
        Map<String, Object> config = new HashMap<>(clientProperties);
        config.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
        config.put(ConsumerConfig.CLIENT_ID_CONFIG, agent + "-cancellations-reader");
        config.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed");
        this.consumer = new KafkaConsumer<>(config, new StringDeserializer(), EventSerdes.deserializer(config));
        Thread.ofPlatform().daemon().name(agent + "-cancellations-reader").start(this::read);
    }

    @Override
    public boolean isCancelled(String paperId) {
        return cancelled.contains(paperId);
    }

    private void read() {
        try {
            List<TopicPartition> partitions = List.of();
            while (running.get() && partitions.isEmpty()) {
                List<PartitionInfo> infos = consumer.partitionsFor(Topics.PAPER_CANCELLATIONS.name(),
                        Duration.ofSeconds(5));
                partitions = infos == null ? List.of() : infos.stream()
                        .map(info -> new TopicPartition(info.topic(), info.partition())).toList();
            }
            consumer.assign(partitions);
            consumer.seekToBeginning(partitions);
            while (running.get()) {
                for (ConsumerRecord<String, SpecificRecord> record : consumer.poll(POLL)) {
                    if (record.value() instanceof PaperCancelledEvent event && cancelled.add(event.getPaperId())) {
                        log.info("paper {} is cancelled: its events are skipped and no model call is made for it",
                                event.getPaperId());
                    }
                }
            }
        } catch (WakeupException e) {
            // closing
        } catch (RuntimeException e) {
            log.error("the paper-cancellations reader stopped; cancels after this are not seen by this instance: {}",
                    e.toString());
        } finally {
            consumer.close();
        }
    }

    @Override
    public void close() {
        running.set(false);
        consumer.wakeup();
    }
}
