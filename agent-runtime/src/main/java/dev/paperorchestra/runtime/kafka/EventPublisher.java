package dev.paperorchestra.runtime.kafka;

import dev.paperorchestra.schemas.topics.Topics;
import java.nio.charset.StandardCharsets;
import org.apache.avro.specific.SpecificRecord;
import org.apache.kafka.common.utils.Utils;
import org.jspecify.annotations.Nullable;
import org.springframework.kafka.core.KafkaOperations;

/**
 * Sends events to the topic the catalog assigns to their type. Inside a listener the send joins the
 * listener's transaction; elsewhere it runs in a transaction of its own.
 */
public final class EventPublisher {

    private final KafkaOperations<String, Object> kafka;

    public EventPublisher(KafkaOperations<String, Object> kafka) {
        this.kafka = kafka;
    }

    public void publish(String key, SpecificRecord event) {
        send(topic(event), null, key, event);
    }

    /**
     * Publishes the {@code index}-th of a group of independent records (one paper's discovery tasks) on the
     * partition after its predecessor's, starting from the group's own partition. Hashed by their own keys, a
     * dozen tasks land on the same partitions now and then and wait for each other behind one consumer thread;
     * spread, they reach as many consumers as there are partitions, and different groups still start apart.
     */
    public void publishSpread(String key, SpecificRecord event, String group, int index) {
        String topic = topic(event);
        send(topic, spreadPartition(group, index, kafka.partitionsFor(topic).size()), key, event);
    }

    /** @param partition null: the key's hashed partition */
    private void send(String topic, @Nullable Integer partition, String key, SpecificRecord event) {
        if (kafka.inTransaction() || !kafka.isTransactional()) {
            kafka.send(topic, partition, key, event);
        } else {
            kafka.executeInTransaction(operations -> operations.send(topic, partition, key, event));
        }
    }

    /** The partition of the index-th record of a group: the group key's hashed partition, then the next ones. */
    static int spreadPartition(String group, int index, int partitions) {
        int first = Utils.toPositive(Utils.murmur2(group.getBytes(StandardCharsets.UTF_8))) % partitions;
        return Math.floorMod(first + index, partitions);
    }

    private static String topic(SpecificRecord event) {
        return Topics.forValueType(event.getClass())
                .orElseThrow(() -> new IllegalArgumentException(event.getClass().getSimpleName()
                        + " has no topic in the catalog"))
                .name();
    }
}
