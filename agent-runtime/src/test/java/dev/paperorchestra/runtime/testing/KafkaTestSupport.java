package dev.paperorchestra.runtime.testing;

import org.awaitility.Awaitility;

import dev.paperorchestra.runtime.registry.EventSerdes;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Predicate;
import org.apache.avro.specific.SpecificRecord;
import org.apache.kafka.clients.consumer.CloseOptions;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;

/**
 * Test-side Kafka access for *IT tests: send events as an outside producer would, and wait (Awaitility,
 * never sleeps) for what the agents emit, read read_committed like every consumer in the system.
 */
public final class KafkaTestSupport implements AutoCloseable {

    private final KafkaProducer<String, Object> producer;
    private final KafkaConsumer<String, SpecificRecord> consumer;
    private final List<ConsumerRecord<String, SpecificRecord>> received = new CopyOnWriteArrayList<>();

    public KafkaTestSupport(String bootstrapServers, List<String> topicsToWatch) {
        this(bootstrapServers, topicsToWatch, Map.of());
    }

    /** @param clientProperties added to both clients, e.g. the schema registry settings their serdes read */
    public KafkaTestSupport(String bootstrapServers, List<String> topicsToWatch, Map<String, String> clientProperties) {
        Map<String, Object> producerConfig = new HashMap<>(clientProperties);
        producerConfig.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
        producer = new KafkaProducer<>(producerConfig, new StringSerializer(), EventSerdes.serializer(producerConfig));
        Map<String, Object> consumerConfig = new HashMap<>(clientProperties);
        consumerConfig.putAll(Map.of(
                ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers,
                ConsumerConfig.GROUP_ID_CONFIG, "test-" + UUID.randomUUID(),
                ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest",
                ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed"));
        consumer = new KafkaConsumer<>(consumerConfig, new StringDeserializer(),
                EventSerdes.deserializer(consumerConfig));
        consumer.subscribe(topicsToWatch);
    }

    public void send(String topic, String key, Object value) {
        send(new ProducerRecord<>(topic, key, value));
    }

    /** Sends a record as built, headers included. */
    public void send(ProducerRecord<String, Object> record) {
        String topic = record.topic();
        try {
            producer.send(record).get();
        } catch (Exception e) {
            throw new IllegalStateException("could not send test record to " + topic, e);
        }
    }

    /** Waits until a record of this type matching the predicate arrives; returns it. */
    public <T extends SpecificRecord> T await(Class<T> type, Predicate<T> matching, Duration timeout) {
        List<T> found = new ArrayList<>();
        Awaitility.await().atMost(timeout).pollInterval(Duration.ofMillis(50)).until(() -> {
            poll();
            received.stream().map(ConsumerRecord::value).filter(type::isInstance).map(type::cast)
                    .filter(matching).findFirst().ifPresent(found::add);
            return !found.isEmpty();
        });
        return found.getFirst();
    }

    public <T extends SpecificRecord> T await(Class<T> type, Duration timeout) {
        return await(type, any -> true, timeout);
    }

    /** Every record received so far (including from topics' -dlt twins if watched). */
    public List<ConsumerRecord<String, SpecificRecord>> received() {
        poll();
        return List.copyOf(received);
    }

    private void poll() {
        for (ConsumerRecord<String, SpecificRecord> record : consumer.poll(Duration.ofMillis(100))) {
            received.add(record);
        }
    }

    @Override
    public void close() {
        producer.close(Duration.ofSeconds(5));
        consumer.close(CloseOptions.timeout(Duration.ofSeconds(5)));
    }
}
