package dev.paperorchestra.runtime.streams;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import dev.paperorchestra.base.errors.PermanentException;
import dev.paperorchestra.base.errors.RetriableException;
import dev.paperorchestra.runtime.metrics.PaperMetrics;
import dev.paperorchestra.runtime.registry.EventSerdes;
import dev.paperorchestra.runtime.tracing.RecordTracing;
import dev.paperorchestra.schemas.PaperStatusChangedEvent;
import dev.paperorchestra.schemas.StageState;
import dev.paperorchestra.schemas.state.DraftInputsState;
import dev.paperorchestra.schemas.topics.Topic;
import dev.paperorchestra.schemas.topics.Topics;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.avro.specific.SpecificRecord;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.StreamsConfig;
import org.apache.kafka.streams.TestInputTopic;
import org.apache.kafka.streams.TestOutputTopic;
import org.apache.kafka.streams.TopologyTestDriver;
import org.apache.kafka.streams.test.TestRecord;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Kafka half of every aggregation, on Kafka Streams' test driver: a step that fails retriably is tried
 * again in place with back-off and bounded attempts; a permanent failure, or the last retriable one, sends the
 * record to its -dlt with the reason and marks the paper failed.
 */
class PaperAggregationTopologyTest {

    private static final String SOURCE = "test-input";
    private static final Instant NOW = Instant.parse("2026-01-05T10:00:00Z");

    @TempDir
    Path stateDir;

    private final List<Duration> waits = new ArrayList<>();
    private final AtomicInteger calls = new AtomicInteger();
    /** Where the aggregation sends its completion: the catalog's paper-status unless a test names another. */
    private Topic<PaperStatusChangedEvent> completions = Topics.PAPER_STATUS;
    private TopologyTestDriver driver;
    private TestInputTopic<String, SpecificRecord> input;
    private TestOutputTopic<String, SpecificRecord> status;
    private TestOutputTopic<String, SpecificRecord> deadLetters;

    @AfterEach
    void close() {
        driver.close();
    }

    /** An aggregation that fails its first calls with the given failure, then completes the paper. */
    private void start(int failures, Throwable failure) {
        PaperAggregation<DraftInputsState> aggregation = (state, event) -> {
            if (calls.incrementAndGet() <= failures) {
                if (failure instanceof Error error) {
                    throw error;
                }
                throw (RuntimeException) failure;
            }
            PaperStatusChangedEvent in = (PaperStatusChangedEvent) event;
            return Step.finish(Step.Output.of(completions, in.getPaperId(),
                    PaperStatusChangedEvent.newBuilder(in).setState(StageState.COMPLETED).setMessage("gathered")
                            .build()));
        };
        Properties config = new Properties();
        config.put(StreamsConfig.APPLICATION_ID_CONFIG, "aggregation-test");
        config.put(StreamsConfig.BOOTSTRAP_SERVERS_CONFIG, "unused:9092");
        config.put(StreamsConfig.STATE_DIR_CONFIG, stateDir.toString());
        AggregationSupport support = new AggregationSupport("test-agent", "test", Clock.fixed(NOW, ZoneOffset.UTC),
                new PaperMetrics(new SimpleMeterRegistry(), "test"), RecordTracing.NONE);
        driver = new TopologyTestDriver(PaperAggregationTopology.build("test", List.of(SOURCE), DraftInputsState.class,
                aggregation, support, new Redelivery(3, Duration.ofSeconds(1), waits::add), config), config);
        var events = EventSerdes.anyEvent(config);
        input = driver.createInputTopic(SOURCE, Serdes.String().serializer(), events.serializer());
        status = driver.createOutputTopic(Topics.PAPER_STATUS.name(), Serdes.String().deserializer(),
                events.deserializer());
        deadLetters = driver.createOutputTopic(SOURCE + Topics.DEAD_LETTER_SUFFIX, Serdes.String().deserializer(),
                events.deserializer());
    }

    private static PaperStatusChangedEvent event(String paperId) {
        return PaperStatusChangedEvent.newBuilder().setPaperId(paperId).setStage("test").setAgent("test-agent")
                .setState(StageState.STARTED).setMessage("in").setOccurredAt(NOW).build();
    }

    @Test
    void a_retriable_failure_is_tried_again_with_doubling_back_off_and_the_step_completes() {
        start(2, new RetriableException("blob store unreachable"));

        input.pipeInput("p1", event("p1"));

        assertThat(calls).hasValue(3);
        assertThat(waits).containsExactly(Duration.ofSeconds(1), Duration.ofSeconds(2));
        assertThat(deadLetters.isEmpty()).isTrue();
        assertThat(status.readValuesToList()).singleElement()
                .isInstanceOfSatisfying(PaperStatusChangedEvent.class, done -> {
                    assertThat(done.getState()).isEqualTo(StageState.COMPLETED);
                    assertThat(done.getMessage()).isEqualTo("gathered");
                });
    }

    @Test
    void a_retriable_failure_on_every_attempt_is_dead_lettered_after_the_last_with_the_paper_failed() {
        start(Integer.MAX_VALUE, new RetriableException("blob store unreachable"));

        input.pipeInput("p1", event("p1"));

        assertThat(calls).hasValue(3);
        assertThat(waits).hasSize(2);
        TestRecord<String, SpecificRecord> dead = deadLetters.readRecord();
        assertThat(dead.key()).isEqualTo("p1");
        assertThat(new String(dead.headers().lastHeader(PaperAggregationTopology.ERROR_HEADER).value(),
                StandardCharsets.UTF_8)).isEqualTo("blob store unreachable");
        assertThat(status.readValuesToList()).singleElement()
                .isInstanceOfSatisfying(PaperStatusChangedEvent.class, failed -> {
                    assertThat(failed.getState()).isEqualTo(StageState.FAILED);
                    assertThat(failed.getMessage()).isEqualTo("blob store unreachable");
                });
    }

    /** Issue 25, finding 6: a StackOverflowError in a step once stopped the whole Streams application. */
    @Test
    void a_stack_overflow_in_a_step_fails_that_paper_and_the_next_paper_goes_on() {
        start(1, new StackOverflowError());

        input.pipeInput("p-deep", event("p-deep"));
        input.pipeInput("p-good", event("p-good"));

        assertThat(deadLetters.readKeyValuesToList()).extracting(kv -> kv.key).containsExactly("p-deep");
        assertThat(status.readValuesToList()).extracting(value -> (PaperStatusChangedEvent) value)
                .extracting(PaperStatusChangedEvent::getPaperId, PaperStatusChangedEvent::getState)
                .containsExactly(tuple("p-deep", StageState.FAILED), tuple("p-good", StageState.COMPLETED));
    }

    @Test
    void a_permanent_failure_is_dead_lettered_at_once_and_the_next_paper_goes_on() {
        start(1, new PermanentException("outline.json: not valid JSON"));

        input.pipeInput("p-bad", event("p-bad"));
        input.pipeInput("p-good", event("p-good"));

        assertThat(waits).isEmpty();
        assertThat(deadLetters.readKeyValuesToList()).extracting(kv -> kv.key).containsExactly("p-bad");
        assertThat(status.readValuesToList()).extracting(value -> (PaperStatusChangedEvent) value)
                .extracting(PaperStatusChangedEvent::getPaperId, PaperStatusChangedEvent::getState,
                        PaperStatusChangedEvent::getMessage)
                .containsExactly(
                        tuple("p-bad", StageState.FAILED, "outline.json: not valid JSON"),
                        tuple("p-good", StageState.COMPLETED, "gathered"));
    }

    /**
     * The route is the topic the step names, not one looked up from the event's type: a status event sent to a
     * topic other than paper-status arrives there, and nothing arrives on paper-status.
     */
    @Test
    void an_output_goes_to_the_topic_its_step_names() {
        completions = new Topic<>("test-completions", "paperId", 1, false, false, PaperStatusChangedEvent.class,
                "test");
        start(0, new RetriableException("unused"));
        TestOutputTopic<String, SpecificRecord> named = driver.createOutputTopic("test-completions",
                Serdes.String().deserializer(), EventSerdes.anyEvent(new Properties()).deserializer());

        input.pipeInput("p1", event("p1"));

        assertThat(named.readKeyValuesToList()).extracting(kv -> kv.key).containsExactly("p1");
        assertThat(status.isEmpty()).isTrue();
    }
}
