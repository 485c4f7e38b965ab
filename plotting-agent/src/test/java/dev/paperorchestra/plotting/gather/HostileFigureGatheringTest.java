package dev.paperorchestra.plotting.gather;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import dev.paperorchestra.plotting.Fixtures;
import dev.paperorchestra.runtime.blob.BlobStore;
import dev.paperorchestra.runtime.blob.LocalBlobStore;
import dev.paperorchestra.runtime.blob.MediaTypes;
import dev.paperorchestra.runtime.figures.HostileFigures;
import dev.paperorchestra.runtime.metrics.PaperMetrics;
import dev.paperorchestra.runtime.registry.EventSerdes;
import dev.paperorchestra.runtime.streams.AggregationSupport;
import dev.paperorchestra.runtime.streams.PaperAggregationTopology;
import dev.paperorchestra.runtime.streams.Redelivery;
import dev.paperorchestra.runtime.tracing.RecordTracing;
import dev.paperorchestra.schemas.Figure;
import dev.paperorchestra.schemas.FiguresReadyEvent;
import dev.paperorchestra.schemas.LlmMode;
import dev.paperorchestra.schemas.NamedArtifact;
import dev.paperorchestra.schemas.PaperContext;
import dev.paperorchestra.schemas.PaperStatusChangedEvent;
import dev.paperorchestra.schemas.PlotRenderedEvent;
import dev.paperorchestra.schemas.StageState;
import dev.paperorchestra.schemas.state.FigureCollectionState;
import dev.paperorchestra.schemas.topics.Topics;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Properties;
import org.apache.avro.specific.SpecificRecord;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.StreamsConfig;
import org.apache.kafka.streams.TestInputTopic;
import org.apache.kafka.streams.TestOutputTopic;
import org.apache.kafka.streams.TopologyTestDriver;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 25, finding 6, on the plotting gatherer's own topology: an author PDF of 200,000 nested arrays once
 * threw StackOverflowError inside the Streams thread, which stopped the application and left the paper in
 * plotting. Now the figure is rejected by name, the paper completes, and the next paper is processed; an
 * author PDF with scripts reaches figures-ready only as its rewritten copy. PDFBox now stops nesting inside one
 * object itself, so the hostile figure here is a page tree nested 100,000 deep, which still overflows it.
 */
class HostileFigureGatheringTest {

    private static final Instant NOW = Instant.parse("2026-01-05T10:00:00Z");

    @TempDir
    Path root;
    @TempDir
    Path stateDir;

    private BlobStore blobs;
    private TopologyTestDriver driver;
    private TestInputTopic<String, SpecificRecord> results;
    private TestOutputTopic<String, SpecificRecord> ready;
    private TestOutputTopic<String, SpecificRecord> status;

    @BeforeEach
    void start() {
        blobs = new LocalBlobStore(root);
        Properties config = new Properties();
        config.put(StreamsConfig.APPLICATION_ID_CONFIG, "plotting-gatherer-test");
        config.put(StreamsConfig.BOOTSTRAP_SERVERS_CONFIG, "unused:9092");
        config.put(StreamsConfig.STATE_DIR_CONFIG, stateDir.toString());
        Clock clock = Clock.fixed(NOW, ZoneOffset.UTC);
        AggregationSupport support = new AggregationSupport("plotting-agent", "plotting", clock,
                new PaperMetrics(new SimpleMeterRegistry(), "test"), RecordTracing.NONE);
        FigureGatherer gatherer = new FigureGatherer(blobs, "plotting-agent", "plotting", clock);
        driver = new TopologyTestDriver(PaperAggregationTopology.build("plotting-gatherer",
                List.of(Topics.PLOT_RESULTS.name()), FigureCollectionState.class, gatherer, support,
                new Redelivery(1, Duration.ofMillis(1), wait -> { }), config), config);
        var events = EventSerdes.anyEvent(config);
        results = driver.createInputTopic(Topics.PLOT_RESULTS.name(), Serdes.String().serializer(),
                events.serializer());
        ready = driver.createOutputTopic(Topics.FIGURES_READY.name(), Serdes.String().deserializer(),
                events.deserializer());
        status = driver.createOutputTopic(Topics.PAPER_STATUS.name(), Serdes.String().deserializer(),
                events.deserializer());
    }

    @AfterEach
    void close() {
        driver.close();
    }

    /** The paper's one planned figure, skipped, so its author figures decide what figures-ready holds. */
    private void gather(String paperId, String fileName, byte[] content, String mediaType) {
        NamedArtifact file = NamedArtifact.newBuilder().setName(fileName)
                .setArtifact(blobs.put(content, mediaType)).build();
        PaperContext context = PaperContext.newBuilder(Fixtures.context(blobs, LlmMode.OFFLINE, List.of(file)))
                .setPaperId(paperId).build();
        results.pipeInput(paperId, PlotRenderedEvent.newBuilder().setContext(context).setFigureId("fig_a")
                .setTaskCount(1).setFigure(null).setSkippedReason("diagram").build());
    }

    private FiguresReadyEvent readyFor(String paperId) {
        return ready.readValuesToList().stream().map(FiguresReadyEvent.class::cast)
                .filter(event -> event.getContext().getPaperId().equals(paperId)).findFirst().orElseThrow();
    }

    @Test
    void a_pdf_that_overflows_the_parser_is_rejected_by_name_and_the_next_paper_is_gathered() {
        assertTimeoutPreemptively(Duration.ofSeconds(60), () -> {
            gather("paper-hostile", "deep.pdf", HostileFigures.deepPageTree(), MediaTypes.PDF);
            gather("paper-next", "teaser.png", HostileFigures.png(160, 90), MediaTypes.PNG);
        });

        List<SpecificRecord> events = ready.readValuesToList();
        FiguresReadyEvent hostile = events.stream().map(FiguresReadyEvent.class::cast)
                .filter(event -> event.getContext().getPaperId().equals("paper-hostile")).findFirst().orElseThrow();
        assertThat(hostile.getFigures()).isEmpty();
        assertThat(hostile.getSkipped()).contains(
                "deep: the author's figure was rejected: it is nested too deeply to parse (stack overflow)");
        FiguresReadyEvent next = events.stream().map(FiguresReadyEvent.class::cast)
                .filter(event -> event.getContext().getPaperId().equals("paper-next")).findFirst().orElseThrow();
        assertThat(next.getFigures()).extracting(Figure::getFileName).containsExactly("author1_teaser.png");
        List<PaperStatusChangedEvent> statuses = status.readValuesToList().stream()
                .map(PaperStatusChangedEvent.class::cast).toList();
        assertThat(statuses).filteredOn(event -> event.getPaperId().equals("paper-hostile")).singleElement()
                .satisfies(event -> {
                    assertThat(event.getState()).isEqualTo(StageState.COMPLETED);
                    assertThat(event.getMessage()).contains("1 author figure rejected",
                            "deep: it is nested too deeply to parse");
                });
        assertThat(statuses).filteredOn(event -> event.getPaperId().equals("paper-next"))
                .extracting(PaperStatusChangedEvent::getState).containsExactly(StageState.COMPLETED);
    }

    @Test
    void an_author_pdf_with_scripts_reaches_figures_ready_only_as_its_rewritten_copy() {
        byte[] active = HostileFigures.activePdf();

        gather("paper-active", "overview.pdf", active, MediaTypes.PDF);

        Figure figure = readyFor("paper-active").getFigures().getFirst();
        assertThat(figure.getFileName()).isEqualTo("author1_overview.pdf");
        assertThat(figure.getPdf()).isNotNull();
        byte[] published = blobs.get(figure.getPdf());
        assertThat(published).isNotEqualTo(active);
        assertThat(new String(published, StandardCharsets.ISO_8859_1)).startsWith("%PDF-")
                .doesNotContain("/JavaScript", "/Launch", "/EmbeddedFile", "/URI", "/OpenAction", "/AA");
        assertThat(figure.getAspectRatio()).isEqualTo("4:3");
    }
}
