package dev.paperorchestra.runtime.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.paperorchestra.runtime.blob.BlobStore;
import dev.paperorchestra.runtime.kafka.KafkaClientProperties;
import dev.paperorchestra.runtime.kafka.StageBudget;
import dev.paperorchestra.runtime.streams.StreamsConfigFactory;
import dev.paperorchestra.runtime.gateway.KafkaBatchJournal;
import dev.paperorchestra.runtime.gateway.KafkaUsageLedger;
import dev.paperorchestra.gateway.LlmProperties.ProviderKind;
import dev.paperorchestra.gateway.batch.BatchIntent;
import dev.paperorchestra.gateway.batch.SentBatch;
import dev.paperorchestra.gateway.batch.SubmittedBatch;
import dev.paperorchestra.gateway.provider.ProviderEndpoint;
import dev.paperorchestra.gateway.usage.LlmUsage;
import dev.paperorchestra.runtime.testing.KafkaTestSupport;
import dev.paperorchestra.runtime.testing.ProbeRequests;
import dev.paperorchestra.schemas.PaperRequestedEvent;
import dev.paperorchestra.schemas.PaperStatusChangedEvent;
import dev.paperorchestra.schemas.StageState;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.streams.StreamsConfig;
import org.apache.avro.specific.SpecificRecord;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.kafka.core.ConsumerFactory;
import org.springframework.kafka.core.ProducerFactory;
import org.springframework.kafka.test.context.EmbeddedKafka;

@SpringBootTest(classes = RuntimeTestApplication.class, webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = {
                "spring.application.name=probe-agent",
                "po.kafka.bootstrap-servers=${spring.embedded.kafka.brokers}",
                "po.kafka.retry-backoff=100ms",
                "po.blob.root=target/it-blobs",
                "po.kafka.streams-state-dir=target/it-streams",
                // a provider no call reaches: the budget stops the paper first
                "po.llm.provider=openai", "po.llm.base-url=http://127.0.0.1:9/v1", "po.llm.budget.max-tokens=100"})
@EmbeddedKafka(partitions = 1)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class AgentRuntimeIT {

    private static final Duration WAIT = Duration.ofSeconds(30);

    @Value("${spring.embedded.kafka.brokers}")
    String brokers;
    @Value("${local.server.port}")
    int port;
    @Autowired
    BlobStore blobs;
    @Autowired
    StageBudget budget;
    @Autowired
    ConsumerFactory<String, SpecificRecord> consumers;
    @Autowired
    ProducerFactory<String, Object> producers;
    @Autowired
    StreamsConfigFactory streams;

    KafkaTestSupport kafka;
    ProbeRequests requests;

    @BeforeAll
    void connect() {
        kafka = new KafkaTestSupport(brokers, List.of("paper-status", "paper-requests-dlt"));
        requests = new ProbeRequests(blobs);
    }

    @AfterAll
    void disconnect() {
        kafka.close();
    }

    @Test
    void one_stage_budget_derived_from_the_model_settings_sets_every_poll_interval_and_transaction_timeout() {
        // po.llm defaults: 5 attempts of 5 min, 60 s back-off between them
        assertThat(budget.budget()).isEqualTo(Duration.ofMinutes(29));
        int pollInterval = (int) Duration.ofMinutes(30).toMillis();
        int transactionTimeout = (int) StageBudget.BROKER_MAX_TRANSACTION_TIMEOUT.toMillis();

        assertThat(consumers.getConfigurationProperties())
                .containsEntry(ConsumerConfig.MAX_POLL_INTERVAL_MS_CONFIG, pollInterval);
        assertThat(producers.getConfigurationProperties())
                .containsEntry(ProducerConfig.TRANSACTION_TIMEOUT_CONFIG, transactionTimeout);
        assertThat(streams.create("probe"))
                .containsEntry(StreamsConfig.consumerPrefix(ConsumerConfig.MAX_POLL_INTERVAL_MS_CONFIG), pollInterval)
                .containsEntry(StreamsConfig.producerPrefix(ProducerConfig.TRANSACTION_TIMEOUT_CONFIG),
                        transactionTimeout);
    }

    @Test
    void a_sent_batch_is_journaled_on_kafka_and_read_back_by_the_agents_next_life_until_it_ends() {
        KafkaClientProperties client = KafkaClientProperties.of(brokers);
        // Gemini's answers are placed by position: the items must come back in the order they were sent
        SentBatch batch = new SentBatch("batches/abc", new ProviderEndpoint(ProviderKind.GEMINI, "gemini-test",
                "http://127.0.0.1:9/v1beta"), Instant.parse("2026-11-29T07:00:00Z"), null,
                List.of(new SentBatch.Item("c".repeat(64), "paper-2", "writer-agent", "planner", 900),
                        new SentBatch.Item("a".repeat(64), "paper-1", "writer-agent", "planner", 1200),
                        new SentBatch.Item("b".repeat(64), "paper-1", "writer-agent", "planner", 300)));
        try (KafkaBatchJournal killed = new KafkaBatchJournal(client, "writer-agent")) {
            killed.submitted(batch);
        }
        try (KafkaBatchJournal another = new KafkaBatchJournal(client, "outline-agent")) {
            assertThat(another.open()).as("another agent's batches are not its to poll").isEmpty();
        }
        try (KafkaBatchJournal restarted = new KafkaBatchJournal(client, "writer-agent")) {
            assertThat(restarted.open()).containsExactly(batch);
            assertThat(restarted.open().getFirst().items()).extracting(SentBatch.Item::customId)
                    .containsExactly("c".repeat(64), "a".repeat(64), "b".repeat(64));
            restarted.ended(batch);
            assertThat(restarted.open()).isEmpty();
        }
    }

    @Test
    void a_batch_intent_is_read_back_until_the_accepted_batch_replaces_it_or_it_is_given_up() {
        KafkaClientProperties client = KafkaClientProperties.of(brokers);
        ProviderEndpoint endpoint = new ProviderEndpoint(ProviderKind.OPENAI, "gpt-test", "http://127.0.0.1:9/v1");
        List<SentBatch.Item> items = List.of(new SentBatch.Item("d".repeat(64), "paper-3", "refine-agent",
                "planner", 700));
        BatchIntent accepted = new BatchIntent("po-accepted", endpoint, Instant.parse("2026-11-29T07:00:00Z"), items);
        BatchIntent refused = new BatchIntent("po-refused", endpoint, Instant.parse("2026-11-29T07:01:00Z"), items);
        try (KafkaBatchJournal killed = new KafkaBatchJournal(client, "refine-agent")) {
            killed.submitting(accepted);
            killed.submitting(refused);
        }
        try (KafkaBatchJournal restarted = new KafkaBatchJournal(client, "refine-agent")) {
            assertThat(restarted.intents()).containsExactlyInAnyOrder(accepted, refused);
            assertThat(restarted.open()).as("no provider id yet: nothing to poll").isEmpty();

            SentBatch found = accepted.sent(new SubmittedBatch("batch_42", null), accepted.createdAt());
            restarted.submitted(found);
            restarted.abandoned(refused);

            assertThat(restarted.intents()).isEmpty();
            assertThat(restarted.open()).containsExactly(found);
            assertThat(found.localId()).isEqualTo("po-accepted");
            restarted.ended(found);
            assertThat(restarted.open()).isEmpty();
        }
    }

    @Test
    void a_processed_record_reports_completion_on_paper_status() {
        send("ok-1");

        PaperStatusChangedEvent status = kafka.await(PaperStatusChangedEvent.class,
                s -> s.getPaperId().equals("ok-1"), WAIT);

        assertThat(status.getState()).isEqualTo(StageState.COMPLETED);
        assertThat(status.getAgent()).isEqualTo("probe-agent");
    }

    @Test
    void a_retriable_failure_is_redelivered_and_then_succeeds() {
        send("flaky-1");

        PaperStatusChangedEvent status = kafka.await(PaperStatusChangedEvent.class,
                s -> s.getPaperId().equals("flaky-1"), WAIT);

        assertThat(status.getState()).isEqualTo(StageState.COMPLETED);
        assertThat(status.getMessage()).isEqualTo("done on attempt 2");
    }

    @Test
    void a_permanent_failure_goes_to_the_dead_letter_topic_and_fails_the_paper() {
        send("permanent-1");

        PaperStatusChangedEvent status = kafka.await(PaperStatusChangedEvent.class,
                s -> s.getPaperId().equals("permanent-1"), WAIT);
        PaperRequestedEvent deadLetter = kafka.await(PaperRequestedEvent.class,
                e -> e.getContext().getPaperId().equals("permanent-1"), WAIT);

        assertThat(status.getState()).isEqualTo(StageState.FAILED);
        assertThat(status.getStage()).isEqualTo("probe");
        assertThat(status.getMessage()).isEqualTo("template.tex: no \\section{...} commands");
        ConsumerRecord<String, SpecificRecord> record = kafka.received().stream()
                .filter(r -> r.value() == deadLetter).findFirst().orElseThrow();
        assertThat(record.topic()).isEqualTo("paper-requests-dlt");
        assertThat(new String(record.headers().lastHeader("kafka_dlt-exception-message").value(),
                StandardCharsets.UTF_8)).contains("no \\section");
    }

    @Test
    void output_written_before_a_failure_is_rolled_back() {
        send("half-1");

        kafka.await(PaperStatusChangedEvent.class,
                s -> s.getPaperId().equals("half-1") && s.getState() == StageState.FAILED, WAIT);

        assertThat(kafka.received()).extracting(ConsumerRecord::value)
                .filteredOn(PaperStatusChangedEvent.class::isInstance)
                .map(PaperStatusChangedEvent.class::cast)
                .filteredOn(s -> s.getPaperId().equals("half-1"))
                .noneMatch(s -> s.getState() == StageState.COMPLETED);
    }

    @Test
    void the_agent_exposes_prometheus_metrics_including_listener_timings() throws Exception {
        send("ok-metrics");
        kafka.await(PaperStatusChangedEvent.class, s -> s.getPaperId().equals("ok-metrics"), WAIT);

        HttpResponse<String> response = HttpClient.newHttpClient().send(
                HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/actuator/prometheus")).build(),
                HttpResponse.BodyHandlers.ofString());

        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(response.body()).contains("spring_kafka_listener");
    }

    @Test
    void a_model_call_that_would_pass_the_papers_budget_stops_the_paper_with_the_reason() {
        send("model-budget-1");

        PaperStatusChangedEvent status = kafka.await(PaperStatusChangedEvent.class,
                s -> s.getPaperId().equals("model-budget-1"), WAIT);

        assertThat(status.getState()).isEqualTo(StageState.FAILED);
        assertThat(status.getMessage()).contains("paper model-budget-1 stopped in probe-agent")
                .contains("model budget of 100 tokens").contains("po.llm.budget.max-tokens");
    }

    @Test
    void a_model_call_recorded_by_one_agent_counts_once_in_every_agents_ledger() {
        try (KafkaUsageLedger writer = new KafkaUsageLedger(KafkaClientProperties.of(brokers), "writer-agent", Clock.systemUTC());
                KafkaUsageLedger refine = new KafkaUsageLedger(KafkaClientProperties.of(brokers), "refine-agent", Clock.systemUTC())) {
            // 100 input tokens: 60 read from the prompt cache, 30 written to it
            writer.record(new LlmUsage("usage-1", "writer-agent", "planner", "anthropic", "m", 100, 60, 30, 20, 0.01,
                    false, false));

            assertThat(refine.awaitCaughtUp(WAIT)).isTrue();
            assertThat(refine.usage("usage-1").totals().tokens()).isEqualTo(120);
            assertThat(refine.usage("usage-1").totals().cachedInputTokens()).isEqualTo(60);
            assertThat(refine.usage("usage-1").totals().cacheWriteInputTokens()).isEqualTo(30);
            assertThat(writer.awaitCaughtUp(WAIT)).isTrue();
            assertThat(writer.usage("usage-1").calls()).hasSize(1);
        }
    }

    private void send(String paperId) {
        kafka.send(requests.request(paperId));
    }
}
