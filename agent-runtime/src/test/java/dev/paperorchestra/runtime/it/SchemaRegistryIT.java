package dev.paperorchestra.runtime.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.paperorchestra.runtime.blob.BlobStore;
import dev.paperorchestra.runtime.registry.EventSerdes;
import dev.paperorchestra.runtime.testing.KafkaTestSupport;
import dev.paperorchestra.runtime.testing.ProbeRequests;
import dev.paperorchestra.runtime.testing.StubSchemaRegistry;
import dev.paperorchestra.schemas.PaperStatusChangedEvent;
import dev.paperorchestra.schemas.StageState;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.kafka.test.context.EmbeddedKafka;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * An agent configured with {@code po.schema-registry.url}: its listener reads Confluent-framed events (and
 * single-object ones, still on the same topic), and what it and its Streams step write is registered and framed.
 */
@SpringBootTest(classes = RuntimeTestApplication.class, properties = {
        "spring.application.name=probe-agent",
        "po.kafka.bootstrap-servers=${spring.embedded.kafka.brokers}",
        "po.kafka.retry-backoff=100ms",
        "po.blob.root=target/it-registry-blobs",
        "po.kafka.streams-state-dir=target/it-registry-streams"})
@EmbeddedKafka(partitions = 1)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class SchemaRegistryIT {

    private static final Duration WAIT = Duration.ofSeconds(30);
    private static final StubSchemaRegistry REGISTRY = start();

    @Value("${spring.embedded.kafka.brokers}")
    String brokers;
    @Autowired
    BlobStore blobs;

    KafkaTestSupport framed;
    KafkaTestSupport singleObject;
    ProbeRequests requests;

    @DynamicPropertySource
    static void registry(DynamicPropertyRegistry properties) {
        properties.add("po.schema-registry.url", () -> REGISTRY.url().toString());
    }

    @BeforeAll
    void connect() {
        framed = new KafkaTestSupport(brokers, List.of("paper-status"),
                Map.of(EventSerdes.URL, REGISTRY.url().toString()));
        singleObject = new KafkaTestSupport(brokers, List.of());
        requests = new ProbeRequests(blobs);
    }

    @AfterAll
    void disconnect() {
        framed.close();
        singleObject.close();
        REGISTRY.close();
    }

    @Test
    void a_listener_consumes_a_confluent_framed_event_and_its_outputs_are_registered_and_framed() {
        framed.send(requests.request("traced-registry-1"));

        PaperStatusChangedEvent probed = framed.await(PaperStatusChangedEvent.class,
                s -> s.getPaperId().equals("traced-registry-1") && s.getStage().equals("probe"), WAIT);
        PaperStatusChangedEvent aggregated = framed.await(PaperStatusChangedEvent.class,
                s -> s.getPaperId().equals("traced-registry-1") && s.getStage().equals("aggregate"), WAIT);

        assertThat(probed.getState()).isEqualTo(StageState.COMPLETED);
        assertThat(aggregated.getState()).isEqualTo(StageState.COMPLETED);
        // the request came framed from the test, the outline from the listener, the status from both steps
        assertThat(REGISTRY.subjects()).contains("paper-requests-value", "paper-outlines-value", "paper-status-value");
    }

    @Test
    void a_single_object_encoded_event_on_the_same_topic_is_still_read() {
        singleObject.send(requests.request("ok-single-object-1"));

        PaperStatusChangedEvent status = framed.await(PaperStatusChangedEvent.class,
                s -> s.getPaperId().equals("ok-single-object-1"), WAIT);

        assertThat(status.getState()).isEqualTo(StageState.COMPLETED);
    }

    @Test
    void a_framed_record_with_an_id_the_registry_does_not_know_fails_its_paper_with_the_registrys_answer() {
        byte[] unknownId = {0, 0, 0, 3, (byte) 0xE7, 2, 'x'};

        framed.send("paper-requests", "unknown-schema-1", unknownId);

        PaperStatusChangedEvent status = framed.await(PaperStatusChangedEvent.class,
                s -> s.getPaperId().equals("unknown-schema-1"), WAIT);
        assertThat(status.getState()).isEqualTo(StageState.FAILED);
        assertThat(status.getMessage()).contains("schema id 999");
    }

    private static StubSchemaRegistry start() {
        try {
            return StubSchemaRegistry.start();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
