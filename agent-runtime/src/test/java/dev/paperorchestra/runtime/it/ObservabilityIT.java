package dev.paperorchestra.runtime.it;

import static dev.paperorchestra.runtime.testing.Actuator.value;
import static org.assertj.core.api.Assertions.assertThat;

import dev.paperorchestra.runtime.blob.BlobStore;
import dev.paperorchestra.runtime.testing.Actuator;
import dev.paperorchestra.runtime.testing.KafkaTestSupport;
import dev.paperorchestra.runtime.testing.ProbeRequests;
import dev.paperorchestra.runtime.tracing.TraceParent;
import dev.paperorchestra.schemas.OutlineCreatedEvent;
import dev.paperorchestra.schemas.PaperStatusChangedEvent;
import dev.paperorchestra.schemas.StageState;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.apache.avro.specific.SpecificRecord;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.logging.LoggingSystem;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.kafka.test.context.EmbeddedKafka;

/**
 * Metrics, tracing and JSON logs of an agent on the runtime, on a real broker, read through real HTTP and its
 * console.
 */
@SpringBootTest(classes = RuntimeTestApplication.class, webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = {
                "spring.application.name=probe-agent",
                "po.kafka.bootstrap-servers=${spring.embedded.kafka.brokers}",
                "po.kafka.retry-backoff=100ms",
                "po.blob.root=target/observability-it-blobs",
                "po.kafka.streams-state-dir=target/observability-it-streams",
                "po.log-format=json", "logging.config=classpath:logback-structured-test.xml"})
@EmbeddedKafka(partitions = 1)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
@ExtendWith(OutputCaptureExtension.class)
class ObservabilityIT {

    private static final Duration WAIT = Duration.ofSeconds(60);

    static {
        // A context another test class left in Spring's context cache has marked the logger context as set up, and
        // Spring Boot then skips this class's logging.config: release it, so this context logs JSON as an agent does.
        LoggingSystem.get(ObservabilityIT.class.getClassLoader()).cleanUp();
    }

    @Value("${spring.embedded.kafka.brokers}")
    String brokers;
    @Value("${local.server.port}")
    int port;
    @Autowired
    BlobStore blobs;

    KafkaTestSupport kafka;
    Actuator actuator;
    ProbeRequests requests;

    @BeforeAll
    void connect() {
        kafka = new KafkaTestSupport(brokers, List.of("paper-status", "paper-outlines", "paper-outlines-dlt"));
        actuator = new Actuator(port);
        requests = new ProbeRequests(blobs);
    }

    @AfterAll
    void disconnect() {
        kafka.close();
    }

    @Test
    @Order(1)
    void before_any_paper_the_paper_and_kafka_series_are_scraped_with_zero() {
        String scrape = actuator.scrape();

        assertThat(value(scrape, "po_papers_failed_total", Map.of("stage", "probe"))).hasValue(0);
        assertThat(value(scrape, "po_papers_cancelled_total", Map.of("stage", "probe"))).hasValue(0);
        assertThat(value(scrape, "po_dead_letters_total", Map.of("topic", "paper-requests"))).hasValue(0);
        assertThat(value(scrape, "po_dead_letters_total", Map.of("topic", "paper-outlines"))).hasValue(0);
        assertThat(scrape).contains("kafka_consumer_fetch_manager_records_lag_max")
                .contains("kafka_stream_");
        // only the agent that counts them exports them
        assertThat(scrape).doesNotContain("po_papers_submitted_total").doesNotContain("po_papers_completed_total");
    }

    @Test
    @Order(2)
    void listener_timers_are_tagged_with_the_listener_id_without_the_thread_suffix() {
        send("ok-listener", null);
        kafka.await(PaperStatusChangedEvent.class, s -> s.getPaperId().equals("ok-listener"), WAIT);

        String scrape = actuator.scrape();

        assertThat(value(scrape, "spring_kafka_listener_seconds_count",
                Map.of("spring_kafka_listener_id", "probe", "error", "none"))).isPresent();
        assertThat(scrape).doesNotContain("spring_kafka_listener_id=\"probe-0\"").contains("kafka_producer_");
    }

    @Test
    @Order(3)
    void a_paper_keeps_its_trace_across_a_listener_hop_and_a_streams_hop_and_paper_status_names_it() {
        TraceParent submitted = TraceParent.newTrace();
        send("traced-1", submitted);

        kafka.await(PaperStatusChangedEvent.class,
                s -> s.getPaperId().equals("traced-1") && s.getStage().equals("aggregate"), WAIT);
        kafka.await(PaperStatusChangedEvent.class,
                s -> s.getPaperId().equals("traced-1") && s.getStage().equals("probe"), WAIT);

        List<ConsumerRecord<String, SpecificRecord>> records = kafka.received().stream()
                .filter(r -> r.key().equals("traced-1")).toList();
        ConsumerRecord<String, SpecificRecord> outline = records.stream()
                .filter(r -> r.value() instanceof OutlineCreatedEvent).findFirst().orElseThrow();
        ConsumerRecord<String, SpecificRecord> aggregated = records.stream()
                .filter(r -> r.value() instanceof PaperStatusChangedEvent s && s.getStage().equals("aggregate"))
                .findFirst().orElseThrow();
        assertThat(traceIdOf(outline)).isEqualTo(submitted.traceId());
        assertThat(traceIdOf(aggregated)).isEqualTo(submitted.traceId());
        assertThat(records).extracting(ConsumerRecord::value)
                .filteredOn(PaperStatusChangedEvent.class::isInstance).map(PaperStatusChangedEvent.class::cast)
                .hasSize(2).allSatisfy(status -> assertThat(status.getTraceId()).isEqualTo(submitted.traceId()));
    }

    @Test
    @Order(4)
    void a_record_a_streams_aggregation_cannot_handle_counts_as_a_dead_letter_and_a_failed_paper(
            CapturedOutput output) {
        TraceParent submitted = TraceParent.newTrace();
        send("poison-1", submitted);

        PaperStatusChangedEvent failed = kafka.await(PaperStatusChangedEvent.class,
                s -> s.getPaperId().equals("poison-1") && s.getState() == StageState.FAILED, WAIT);
        kafka.await(OutlineCreatedEvent.class, e -> e.getContext().getPaperId().equals("poison-1")
                && kafka.received().stream().anyMatch(r -> r.topic().equals("paper-outlines-dlt")), WAIT);

        assertThat(failed.getTraceId()).isEqualTo(submitted.traceId());
        String scrape = actuator.scrape();
        assertThat(value(scrape, "po_dead_letters_total", Map.of("topic", "paper-outlines"))).hasValue(1);
        assertThat(value(scrape, "po_dead_letters_total", Map.of("topic", "paper-requests"))).hasValue(0);
        assertThat(value(scrape, "po_papers_failed_total", Map.of("stage", "probe"))).hasValue(1);
        // the failure's log line is one JSON object naming the paper and its trace
        assertThat(output.getOut().lines().filter(line -> line.contains("failed in probe-outlines-state")))
                .isNotEmpty().allSatisfy(line -> assertThat(line).startsWith("{").endsWith("}")
                        .contains("\"paperId\":\"poison-1\"").contains(submitted.traceId()));
    }

    private static String traceIdOf(ConsumerRecord<String, SpecificRecord> record) {
        var header = record.headers().lastHeader(TraceParent.HEADER);
        assertThat(header).as("traceparent header on %s", record.topic()).isNotNull();
        return new String(header.value(), StandardCharsets.UTF_8).split("-")[1];
    }

    private void send(String paperId, @Nullable TraceParent trace) {
        ProducerRecord<String, Object> record = requests.request(paperId);
        if (trace != null) {
            trace.addTo(record.headers());
        }
        kafka.send(record);
    }
}
