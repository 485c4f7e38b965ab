package dev.paperorchestra.cli.testing;

import dev.paperorchestra.embedded.broker.EmbeddedKraftBroker;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.jspecify.annotations.Nullable;

/**
 * Every record a finished {@code po run} left in its state directory's broker: values and headers of every topic,
 * aborted transactions included, read back from disk. For tests that must prove a secret reached no topic.
 */
public record StoredRecords(Set<String> topics, List<Stored> records) {

    /** One record as bytes. */
    public record Stored(String topic, long offset, byte @Nullable [] value, List<Header> headers) {
    }

    /** Starts a broker on {@code <state>/kafka}, reads everything, and stops it. */
    public static StoredRecords read(Path state) throws Exception {
        List<Stored> records = new ArrayList<>();
        try (EmbeddedKraftBroker broker = EmbeddedKraftBroker.start(state.resolve("kafka"))) {
            Set<String> topics;
            try (Admin admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG,
                    broker.bootstrapServers()))) {
                topics = admin.listTopics().names().get();
            }
            try (KafkaConsumer<byte[], byte[]> consumer = new KafkaConsumer<>(Map.of(
                    ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, broker.bootstrapServers(),
                    ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_uncommitted",
                    ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false),
                    new ByteArrayDeserializer(), new ByteArrayDeserializer())) {
                List<TopicPartition> partitions = topics.stream()
                        .flatMap(topic -> consumer.partitionsFor(topic).stream()
                                .map(info -> new TopicPartition(topic, info.partition()))).toList();
                consumer.assign(partitions);
                consumer.seekToBeginning(partitions);
                Map<TopicPartition, Long> ends = consumer.endOffsets(partitions);
                while (partitions.stream().anyMatch(partition -> consumer.position(partition) < ends.get(partition))) {
                    for (ConsumerRecord<byte[], byte[]> record : consumer.poll(Duration.ofMillis(500))) {
                        records.add(new Stored(record.topic(), record.offset(), record.value(),
                                List.of(record.headers().toArray())));
                    }
                }
            }
            return new StoredRecords(topics, records);
        }
    }

    /** How many records a topic (or, with a leading {@code *}, every topic ending so) holds. */
    public long count(String topic) {
        return records.stream().filter(record -> topic.startsWith("*") ? record.topic().endsWith(topic.substring(1))
                : record.topic().equals(topic)).count();
    }

    /** The values and headers holding any of {@code secrets}, as {@code topic@offset value|header name}. */
    public List<String> holding(List<String> secrets) {
        List<String> found = new ArrayList<>();
        for (Stored record : records) {
            if (containsAny(record.value(), secrets)) {
                found.add(record.topic() + "@" + record.offset() + " value");
            }
            for (Header header : record.headers()) {
                if (containsAny(header.value(), secrets)) {
                    found.add(record.topic() + "@" + record.offset() + " header " + header.key());
                }
            }
        }
        return found;
    }

    /** Whether the bytes hold any of the secrets (each compared as UTF-8 bytes). */
    public static boolean containsAny(byte @Nullable [] bytes, List<String> secrets) {
        if (bytes == null) {
            return false;
        }
        String text = new String(bytes, StandardCharsets.ISO_8859_1);
        return secrets.stream().anyMatch(secret -> text.contains(
                new String(secret.getBytes(StandardCharsets.UTF_8), StandardCharsets.ISO_8859_1)));
    }
}
