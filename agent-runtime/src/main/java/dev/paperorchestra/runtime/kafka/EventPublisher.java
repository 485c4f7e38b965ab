package dev.paperorchestra.runtime.kafka;

import dev.paperorchestra.schemas.topics.Topics;
import org.apache.avro.specific.SpecificRecord;
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
        String topic = Topics.forValueType(event.getClass())
                .orElseThrow(() -> new IllegalArgumentException(event.getClass().getSimpleName()
                        + " has no topic in the catalog"))
                .name();
        if (kafka.inTransaction() || !kafka.isTransactional()) {
            kafka.send(topic, key, event);
        } else {
            kafka.executeInTransaction(operations -> operations.send(topic, key, event));
        }
    }
}
