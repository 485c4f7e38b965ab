package dev.paperorchestra.writer.join;

import static dev.paperorchestra.writer.TestMaterials.context;
import static dev.paperorchestra.writer.TestMaterials.figures;
import static dev.paperorchestra.writer.TestMaterials.literature;
import static dev.paperorchestra.writer.TestMaterials.ref;
import static org.assertj.core.api.Assertions.assertThat;

import dev.paperorchestra.base.http.Sleeper;
import dev.paperorchestra.runtime.metrics.PaperMetrics;
import dev.paperorchestra.runtime.registry.EventSerdes;
import dev.paperorchestra.runtime.streams.AggregationSupport;
import dev.paperorchestra.runtime.streams.PaperAggregationTopology;
import dev.paperorchestra.runtime.streams.Redelivery;
import dev.paperorchestra.runtime.tracing.RecordTracing;
import dev.paperorchestra.schemas.DraftRequestedEvent;
import dev.paperorchestra.schemas.FiguresReadyEvent;
import dev.paperorchestra.schemas.LiteratureReadyEvent;
import dev.paperorchestra.schemas.state.DraftInputsState;
import dev.paperorchestra.schemas.topics.Topics;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Properties;
import org.apache.avro.specific.SpecificRecord;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.KeyValue;
import org.apache.kafka.streams.StreamsConfig;
import org.apache.kafka.streams.TestInputTopic;
import org.apache.kafka.streams.TestOutputTopic;
import org.apache.kafka.streams.TopologyTestDriver;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The writer's join as it runs in Kafka Streams: the two ready topics in, one draft request out, nothing else. */
class DraftJoinTopologyTest {

    private static final LiteratureReadyEvent LITERATURE = literature(context("p1"), ref("draft"), ref("bib"),
            ref("map"));
    private static final FiguresReadyEvent FIGURES = figures(context("p1"));

    @TempDir
    Path stateDir;

    private TopologyTestDriver driver;
    private TestInputTopic<String, SpecificRecord> literatureReady;
    private TestInputTopic<String, SpecificRecord> figuresReady;
    private TestOutputTopic<String, SpecificRecord> draftRequests;
    private TestOutputTopic<String, SpecificRecord> status;

    @BeforeEach
    void start() {
        Properties config = new Properties();
        config.put(StreamsConfig.APPLICATION_ID_CONFIG, "writer-join-test");
        config.put(StreamsConfig.BOOTSTRAP_SERVERS_CONFIG, "unused:9092");
        config.put(StreamsConfig.STATE_DIR_CONFIG, stateDir.toString());
        AggregationSupport support = new AggregationSupport("writer-agent", "writer", Clock.systemUTC(),
                new PaperMetrics(new SimpleMeterRegistry(), "writer"), RecordTracing.NONE);
        driver = new TopologyTestDriver(PaperAggregationTopology.build("writer-join",
                List.of(Topics.LITERATURE_READY.name(), Topics.FIGURES_READY.name()), DraftInputsState.class,
                new DraftJoin(), support, new Redelivery(3, Duration.ofSeconds(1), Sleeper.SYSTEM), config), config);
        var events = EventSerdes.anyEvent(config);
        literatureReady = driver.createInputTopic(Topics.LITERATURE_READY.name(), Serdes.String().serializer(),
                events.serializer());
        figuresReady = driver.createInputTopic(Topics.FIGURES_READY.name(), Serdes.String().serializer(),
                events.serializer());
        draftRequests = driver.createOutputTopic(Topics.DRAFT_REQUESTS.name(), Serdes.String().deserializer(),
                events.deserializer());
        status = driver.createOutputTopic(Topics.PAPER_STATUS.name(), Serdes.String().deserializer(),
                events.deserializer());
    }

    @AfterEach
    void close() {
        driver.close();
    }

    @Test
    void both_halves_of_a_paper_become_one_draft_request_keyed_by_the_paper() {
        figuresReady.pipeInput("p1", FIGURES);
        assertThat(draftRequests.isEmpty()).isTrue();

        literatureReady.pipeInput("p1", LITERATURE);

        assertThat(draftRequests.readKeyValuesToList()).containsExactly(KeyValue.pair("p1",
                DraftRequestedEvent.newBuilder().setLiterature(LITERATURE).setFigures(FIGURES).build()));
        assertThat(status.isEmpty()).as("the join reports nothing: the drafting listener does").isTrue();
    }

    @Test
    void halves_of_different_papers_do_not_join() {
        literatureReady.pipeInput("p1", LITERATURE);
        figuresReady.pipeInput("p2", figures(context("p2")));

        assertThat(draftRequests.isEmpty()).isTrue();
    }
}
