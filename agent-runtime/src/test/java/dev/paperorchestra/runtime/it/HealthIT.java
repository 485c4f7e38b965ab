package dev.paperorchestra.runtime.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.paperorchestra.runtime.testing.Actuator;
import dev.paperorchestra.schemas.topics.Topics;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestMethodOrder;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.kafka.config.KafkaListenerEndpointRegistry;
import org.springframework.kafka.listener.MessageListenerContainer;
import org.springframework.kafka.test.context.EmbeddedKafka;

/**
 * Readiness and liveness of an agent with a listener and a Streams topology, on a real broker, through the
 * probe endpoints a platform calls. Ordered: the last test kills the topology for good.
 */
@SpringBootTest(classes = RuntimeTestApplication.class, webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = {
                "spring.application.name=health-agent",
                "po.kafka.bootstrap-servers=${spring.embedded.kafka.brokers}",
                "po.blob.root=target/health-it-blobs",
                "po.kafka.streams-state-dir=target/health-it-streams",
                "po.health.broker-check-every=0s"})
@EmbeddedKafka(partitions = 1)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class HealthIT {

    private static final Duration WAIT = Duration.ofSeconds(90);
    private static final int UP = 200;
    private static final int DOWN = 503;

    @Value("${spring.embedded.kafka.brokers}")
    String brokers;
    @Value("${local.server.port}")
    int port;
    @Autowired
    KafkaListenerEndpointRegistry listeners;

    Actuator actuator;

    @BeforeAll
    void connect() {
        actuator = new Actuator(port);
    }

    @Test
    @Order(1)
    void the_agent_becomes_ready_once_broker_listeners_and_topology_run() {
        await().atMost(WAIT).until(() -> actuator.health("readiness") == UP);

        String readiness = actuator.get("/actuator/health/readiness").body();
        assertThat(readiness).contains("\"kafkaBroker\"", "\"kafkaListeners\"", "\"kafkaStreams\"")
                .contains("\"" + RuntimeTestApplication.AGGREGATION + "\":\"RUNNING\"");
        assertThat(actuator.health("liveness")).isEqualTo(UP);
    }

    @Test
    @Order(2)
    void readiness_is_down_while_a_listener_container_is_stopped_and_up_again_once_it_runs() {
        await().atMost(WAIT).until(() -> actuator.health("readiness") == UP);
        MessageListenerContainer probe = listeners.getListenerContainer("probe");

        probe.stop();
        await().atMost(WAIT).until(() -> actuator.health("readiness") == DOWN);
        assertThat(actuator.get("/actuator/health/readiness").body()).contains("\"probe\":\"stopped\"");
        assertThat(actuator.health("liveness")).isEqualTo(UP);

        probe.start();
        await().atMost(WAIT).until(() -> actuator.health("readiness") == UP);
    }

    @Test
    @Order(3)
    void a_topology_whose_source_topic_is_deleted_dies_for_good_and_fails_readiness_and_liveness() throws Exception {
        await().atMost(WAIT).until(() -> actuator.health("readiness") == UP);

        try (Admin admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, brokers))) {
            admin.deleteTopics(List.of(Topics.PAPER_OUTLINES.name())).all().get();
        }

        await().atMost(WAIT).until(() -> actuator.health("liveness") == DOWN);
        assertThat(actuator.health("readiness")).isEqualTo(DOWN);
        assertThat(actuator.get("/actuator/health/liveness").body())
                .containsPattern("\"" + RuntimeTestApplication.AGGREGATION + "\":\"(PENDING_)?ERROR\"");
    }
}
