package dev.paperorchestra.runtime.kafka;

import dev.paperorchestra.runtime.registry.EventSerdes;
import dev.paperorchestra.schemas.topics.Topic;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.apache.avro.specific.SpecificRecord;
import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.kafka.common.utils.Utils;
import org.jspecify.annotations.Nullable;
import org.springframework.kafka.core.DefaultKafkaProducerFactory;
import org.springframework.kafka.core.KafkaOperations;
import org.springframework.kafka.core.KafkaTemplate;
import org.springframework.kafka.support.SendResult;

/**
 * Sends events to the topic the caller names ({@code publish(Topics.PAPER_OUTLINES, paperId, outline)}), so the
 * route of a paper reads from the publish sites; the topic's type parameter keeps each event on its own topic.
 * Inside a listener the send joins the listener's transaction; elsewhere it runs in a transaction of its own
 * when the template is transactional. The agents' events (over Spring's template) and the submissions from
 * outside an agent (po run, the paper service: {@link #ownProducer(Map)}) all go out through this class.
 */
public final class EventPublisher implements AutoCloseable {

    /** How long closing an own producer waits for its last sends. */
    private static final int CLOSE_TIMEOUT_SECONDS = 5;

    private final KafkaOperations<String, Object> kafka;
    /** The factory this publisher built for itself and closes; null when the template is someone else's. */
    private final @Nullable DefaultKafkaProducerFactory<String, Object> owned;
    /** A producer the caller handed over, closed even when the factory never created its wrapper. */
    private final @Nullable Producer<String, Object> given;

    public EventPublisher(KafkaOperations<String, Object> kafka) {
        this(kafka, null, null);
    }

    private EventPublisher(KafkaOperations<String, Object> kafka,
            @Nullable DefaultKafkaProducerFactory<String, Object> owned, @Nullable Producer<String, Object> given) {
        this.kafka = kafka;
        this.owned = owned;
        this.given = given;
    }

    /**
     * A publisher with a producer of its own, for code outside an agent's Spring context (po run, the paper
     * service's submissions and reference look-ups): idempotent and acknowledged by all in-sync replicas, not
     * transactional. {@link #close()} closes the producer.
     *
     * @param clientProperties Kafka client properties (at least {@code bootstrap.servers})
     */
    public static EventPublisher ownProducer(Map<String, Object> clientProperties) {
        Map<String, Object> config = new HashMap<>(clientProperties);
        config.put(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, true);
        config.put(ProducerConfig.ACKS_CONFIG, "all");
        DefaultKafkaProducerFactory<String, Object> factory = new DefaultKafkaProducerFactory<>(config,
                new StringSerializer(), EventSerdes.serializer(config));
        factory.setPhysicalCloseTimeout(CLOSE_TIMEOUT_SECONDS);
        return new EventPublisher(new KafkaTemplate<>(factory), factory, null);
    }

    /**
     * A publisher over a producer the caller built (a test's {@code MockProducer}): the same template and the
     * same send path as {@link #ownProducer(Map)}, without a broker. {@link #close()} closes the producer.
     */
    public static EventPublisher ownProducer(Producer<String, Object> producer) {
        DefaultKafkaProducerFactory<String, Object> factory = new DefaultKafkaProducerFactory<>(Map.of()) {
            @Override
            protected Producer<String, Object> createRawProducer(Map<String, Object> rawConfigs) {
                return producer;
            }
        };
        return new EventPublisher(new KafkaTemplate<>(factory), factory, producer);
    }

    /**
     * Sends an event to its topic under the key's hashed partition.
     *
     * @return the broker's acknowledgement, for a caller outside a listener that must know the record is written
     */
    public <V extends SpecificRecord> CompletableFuture<SendResult<String, Object>> publish(Topic<V> topic,
            String key, V event) {
        return send(topic, null, key, event, List.of());
    }

    /** As {@link #publish(Topic, String, SpecificRecord)}, with record headers (a new paper's trace parent). */
    public <V extends SpecificRecord> CompletableFuture<SendResult<String, Object>> publish(Topic<V> topic,
            String key, V event, Iterable<Header> headers) {
        return send(topic, null, key, event, headers);
    }

    /**
     * Publishes the {@code index}-th of a group of independent records (one paper's discovery tasks) on the
     * partition after its predecessor's, starting from the group's own partition. Hashed by their own keys, a
     * dozen tasks land on the same partitions now and then and wait for each other behind one consumer thread;
     * spread, they reach as many consumers as there are partitions, and different groups still start apart.
     */
    public <V extends SpecificRecord> CompletableFuture<SendResult<String, Object>> publishSpread(Topic<V> topic,
            String key, V event, String group, int index) {
        int partitions = kafka.partitionsFor(topic.name()).size();
        return send(topic, spreadPartition(group, index, partitions), key, event, List.of());
    }

    /** @param partition null: the key's hashed partition */
    private CompletableFuture<SendResult<String, Object>> send(Topic<?> topic, @Nullable Integer partition,
            String key, SpecificRecord event, Iterable<Header> headers) {
        // the type parameter guarantees this at compile time; a raw or unchecked caller is stopped here
        if (!topic.valueType().isInstance(event)) {
            throw new IllegalArgumentException(event.getClass().getSimpleName() + " does not belong on "
                    + topic.name() + ", which carries " + topic.valueType().getSimpleName());
        }
        ProducerRecord<String, Object> record = new ProducerRecord<>(topic.name(), partition, key, event, headers);
        if (kafka.inTransaction() || !kafka.isTransactional()) {
            return kafka.send(record);
        }
        return kafka.executeInTransaction(operations -> operations.send(record));
    }

    /** The partition of the index-th record of a group: the group key's hashed partition, then the next ones. */
    static int spreadPartition(String group, int index, int partitions) {
        int first = Utils.toPositive(Utils.murmur2(group.getBytes(StandardCharsets.UTF_8))) % partitions;
        return Math.floorMod(first + index, partitions);
    }

    /** Closes the producer of a publisher built by {@link #ownProducer}; a no-op for one over Spring's template. */
    @Override
    public void close() {
        if (owned != null) {
            owned.destroy();
        }
        if (given != null) {
            given.close();
        }
    }
}
