package dev.paperorchestra.embedded.broker;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class EmbeddedKraftBrokerIT {

    private static final Duration TIMEOUT = Duration.ofSeconds(60);

    @TempDir
    Path stateDir;

    @Test
    void transactionalProduceIsVisibleToReadCommittedConsumer() throws Exception {
        try (EmbeddedKraftBroker broker = EmbeddedKraftBroker.start(stateDir)) {
            assertThat(broker.bootstrapServers()).startsWith("127.0.0.1:");
            createTopic(broker, "papers", 3);

            try (KafkaProducer<String, String> producer = new KafkaProducer<>(Map.of(
                    ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, broker.bootstrapServers(),
                    ProducerConfig.TRANSACTIONAL_ID_CONFIG, "it-" + UUID.randomUUID(),
                    ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, true,
                    ProducerConfig.ACKS_CONFIG, "all"), new StringSerializer(), new StringSerializer())) {
                producer.initTransactions();
                producer.beginTransaction();
                producer.send(new ProducerRecord<>("papers", "paper-1", "outline ready"));
                producer.commitTransaction();
            }

            try (KafkaConsumer<String, String> consumer = new KafkaConsumer<>(Map.of(
                    ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, broker.bootstrapServers(),
                    ConsumerConfig.GROUP_ID_CONFIG, "it-group",
                    ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed",
                    ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest"), new StringDeserializer(), new StringDeserializer())) {
                consumer.subscribe(List.of("papers"));
                List<ConsumerRecord<String, String>> received = new ArrayList<>();
                await().atMost(TIMEOUT).until(() -> {
                    consumer.poll(Duration.ofMillis(200)).forEach(received::add);
                    return !received.isEmpty();
                });
                assertThat(received).singleElement().satisfies(r -> {
                    assertThat(r.key()).isEqualTo("paper-1");
                    assertThat(r.value()).isEqualTo("outline ready");
                });
            }
        }
    }

    @Test
    void topicsSurviveRestartOnSameStateDir() throws Exception {
        EmbeddedKraftBroker first = EmbeddedKraftBroker.start(stateDir);
        createTopic(first, "survivor", 3);
        first.close();
        first.close(); // idempotent

        try (EmbeddedKraftBroker second = EmbeddedKraftBroker.start(stateDir); Admin admin = admin(second)) {
            assertThat(admin.listTopics().names().get()).contains("survivor");
            TopicDescription description = admin.describeTopics(Set.of("survivor")).allTopicNames().get().get("survivor");
            assertThat(description.partitions()).hasSize(3);
        }
    }

    @Test
    void unusableStateDirIsReportedWithItsPath() throws IOException {
        Path notADir = Files.writeString(stateDir.resolve("plain-file"), "x");

        assertThatThrownBy(() -> EmbeddedKraftBroker.start(notADir))
                .isInstanceOf(EmbeddedKraftBroker.BrokerStartException.class)
                .hasMessageContaining(notADir.toString());
    }

    @Test
    void portInUseIsReportedWithThePort() throws IOException {
        try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getByName("127.0.0.1"))) {
            int port = taken.getLocalPort();

            assertThatThrownBy(() -> EmbeddedKraftBroker.start(stateDir, port))
                    .isInstanceOf(EmbeddedKraftBroker.BrokerStartException.class)
                    .hasMessageContaining("127.0.0.1:" + port);
        }
    }

    private static void createTopic(EmbeddedKraftBroker broker, String name, int partitions) throws Exception {
        try (Admin admin = admin(broker)) {
            admin.createTopics(List.of(new NewTopic(name, partitions, (short) 1))).all().get();
        }
    }

    private static Admin admin(EmbeddedKraftBroker broker) {
        return Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, broker.bootstrapServers()));
    }
}
