package dev.paperorchestra.embedded.pipeline;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.paperorchestra.embedded.broker.EmbeddedKraftBroker;
import dev.paperorchestra.runtime.kafka.KafkaClientProperties;
import dev.paperorchestra.schemas.topics.Topics;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A state directory kept from an older version held a paper-completed record the new version could not read, and
 * every `po run` then failed at the watcher's first poll ("Error deserializing VALUE for partition
 * paper-completed-0 at offset 0"). The watcher reads from the beginning: another paper's unreadable record is
 * skipped, and only the awaited paper's own unreadable record is an error that names it.
 */
class PaperWatcherOldStateIT {

    @TempDir
    Path stateDir;

    @Test
    void an_unreadable_record_of_another_paper_is_skipped_and_one_of_the_awaited_paper_is_named() throws Exception {
        try (EmbeddedKraftBroker broker = EmbeddedKraftBroker.start(stateDir)) {
            try (Admin admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG,
                    broker.bootstrapServers()))) {
                admin.createTopics(List.of(new NewTopic(Topics.PAPER_STATUS.name(), 1, (short) 1),
                        new NewTopic(Topics.PAPER_COMPLETED.name(), 1, (short) 1))).all().get();
            }
            byte[] notAvro = "written by another version".getBytes(StandardCharsets.UTF_8);
            try (KafkaProducer<String, byte[]> producer = new KafkaProducer<>(Map.of(
                    ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, broker.bootstrapServers()), new StringSerializer(),
                    new ByteArraySerializer())) {
                producer.send(new ProducerRecord<>(Topics.PAPER_COMPLETED.name(), "old-paper", notAvro)).get();
                producer.send(new ProducerRecord<>(Topics.PAPER_COMPLETED.name(), "new-paper", notAvro)).get();
            }
            try (PaperWatcher watcher = new PaperWatcher(KafkaClientProperties.of(broker.bootstrapServers()),
                    Clock.systemUTC())) {
                assertThatThrownBy(() -> watcher.await("new-paper", Duration.ofSeconds(60), status -> { }))
                        .isInstanceOf(OutcomeRecords.UnreadableOutcomeException.class)
                        .hasMessageContaining("paper new-paper").hasMessageContaining("offset 1");
            }
        }
    }
}
