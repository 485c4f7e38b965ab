package dev.paperorchestra.plotting;

import static org.assertj.core.api.Assertions.assertThat;

import dev.paperorchestra.runtime.blob.BlobStore;
import dev.paperorchestra.runtime.blob.MediaTypes;
import dev.paperorchestra.content.materials.MaterialsDirectory;
import dev.paperorchestra.runtime.testing.KafkaTestSupport;
import dev.paperorchestra.schemas.Figure;
import dev.paperorchestra.schemas.FiguresReadyEvent;
import dev.paperorchestra.schemas.JobOptions;
import dev.paperorchestra.schemas.LlmMode;
import dev.paperorchestra.schemas.OutlineCreatedEvent;
import dev.paperorchestra.schemas.PaperContext;
import dev.paperorchestra.schemas.PaperStatusChangedEvent;
import dev.paperorchestra.schemas.StageState;
import dev.paperorchestra.schemas.topics.Topics;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.kafka.test.context.EmbeddedKafka;

@SpringBootTest(classes = PlottingAgentApplication.class, webEnvironment = SpringBootTest.WebEnvironment.NONE,
        properties = {"spring.application.name=plotting-agent",
                "po.kafka.bootstrap-servers=${spring.embedded.kafka.brokers}",
                "po.blob.root=target/it-blobs", "po.kafka.streams-state-dir=target/it-streams"})
@EmbeddedKafka(partitions = 1)
class PlottingAgentIT {

    private static final Path CVPR = Path.of("../examples/cvpr-sparse-depth");
    private static final Duration TIMEOUT = Duration.ofSeconds(90);
    /** Two plots whose titles are captions of tables in the CVPR example's log. */
    private static final String OUTLINE = """
            {"plotting_plan": [
              {"figure_id": "fig_sparsity_curve",
               "title": "RMSE (m) on NYU Depth v2 as a function of the number of sparse measurements",
               "plot_type": "plot", "data_source": "experimental_log.md",
               "objective": "Line chart of RMSE against the number of sparse measurements for every method.",
               "aspect_ratio": "4:3"},
              {"figure_id": "fig_ablation",
               "title": "Ablation of GlimpseDepth components on NYU Depth v2",
               "plot_type": "plot", "data_source": "experimental_log.md",
               "objective": "Horizontal bar chart of RMSE at 20 and 200 points for every variant.",
               "aspect_ratio": "16:9"}
            ],
            "intro_related_work_plan": {}, "section_plan": []}
            """;

    @Autowired
    BlobStore blobs;

    @Value("${spring.embedded.kafka.brokers}")
    String brokers;

    private KafkaTestSupport kafka;

    @BeforeEach
    void connect() {
        kafka = new KafkaTestSupport(brokers, List.of(Topics.FIGURES_READY.name(), Topics.PAPER_STATUS.name()));
    }

    @AfterEach
    void disconnect() {
        kafka.close();
    }

    private PaperContext context(String outlineJson) {
        return context(outlineJson, LlmMode.OFFLINE);
    }

    private PaperContext context(String outlineJson, LlmMode mode) {
        String paperId = "paper-" + UUID.randomUUID();
        PaperContext context = MaterialsDirectory.upload(CVPR, paperId,
                JobOptions.newBuilder().setLlmMode(mode).build(), blobs, Instant.now());
        return PaperContext.newBuilder(context).setOutline(blobs.putText(outlineJson, MediaTypes.JSON)).build();
    }

    private void sendOutline(PaperContext context, int figureCount) {
        kafka.send(Topics.PAPER_OUTLINES.name(), context.getPaperId(), OutlineCreatedEvent.newBuilder()
                .setContext(context).setFigureCount(figureCount).setSearchQueryCount(0).build());
    }

    @Test
    void renders_every_planned_plot_of_the_example_into_the_blob_store() {
        PaperContext context = context(OUTLINE);

        sendOutline(context, 2);

        FiguresReadyEvent ready = kafka.await(FiguresReadyEvent.class,
                event -> event.getContext().getPaperId().equals(context.getPaperId()), TIMEOUT);
        assertThat(ready.getSkipped()).isEmpty();
        assertThat(ready.getFigures()).extracting(Figure::getFigureId).containsExactly("fig_sparsity_curve",
                "fig_ablation");
        assertThat(ready.getFigures()).allSatisfy(figure -> {
            assertThat(figure.getFileName()).isEqualTo(figure.getFigureId() + ".pdf");
            assertThat(blobs.get(figure.getPdf())).startsWith("%PDF".getBytes());
            assertThat(blobs.get(figure.getPng())).startsWith(new byte[] {(byte) 0x89, 'P', 'N', 'G'});
            assertThat(figure.getCaption()).doesNotContain("Figure").doesNotContainPattern("[*_`#]");
            assertThat(new String(blobs.get(figure.getProvenance()), java.nio.charset.StandardCharsets.UTF_8))
                    .contains("\"figure_id\" : \"" + figure.getFigureId() + "\"", "\"fell_back\" : false");
        });
        assertThat(ready.getContext().getTimings()).extracting(t -> t.getStage()).containsExactly("plotting");
        PaperStatusChangedEvent completed = kafka.await(PaperStatusChangedEvent.class,
                status -> status.getPaperId().equals(context.getPaperId())
                        && status.getState() == StageState.COMPLETED, TIMEOUT);
        assertThat(completed.getMessage()).isEqualTo("2 figures rendered, 0 skipped (offline)");
    }

    @Test
    void an_empty_plan_is_ready_at_once() {
        PaperContext context = context("{\"plotting_plan\": [], \"intro_related_work_plan\": {}, \"section_plan\": []}");

        sendOutline(context, 0);

        FiguresReadyEvent ready = kafka.await(FiguresReadyEvent.class,
                event -> event.getContext().getPaperId().equals(context.getPaperId()), TIMEOUT);
        assertThat(ready.getFigures()).isEmpty();
        assertThat(ready.getSkipped()).isEmpty();
    }

    @Test
    void a_model_job_without_a_provider_fails_the_paper_instead_of_drawing_offline() {
        PaperContext context = context(OUTLINE, LlmMode.MODEL);

        sendOutline(context, 2);

        PaperStatusChangedEvent failed = kafka.await(PaperStatusChangedEvent.class,
                status -> status.getPaperId().equals(context.getPaperId()) && status.getState() == StageState.FAILED,
                TIMEOUT);
        assertThat(failed.getMessage()).contains("no model provider is configured for role planner");
    }
}
