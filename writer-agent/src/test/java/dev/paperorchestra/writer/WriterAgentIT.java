package dev.paperorchestra.writer;

import static dev.paperorchestra.writer.TestMaterials.CVPR;
import static dev.paperorchestra.writer.TestMaterials.example;
import static dev.paperorchestra.writer.TestMaterials.literatureDraft;
import static dev.paperorchestra.writer.TestMaterials.read;
import static org.assertj.core.api.Assertions.assertThat;

import dev.paperorchestra.runtime.blob.BlobStore;
import dev.paperorchestra.runtime.blob.MediaTypes;
import dev.paperorchestra.runtime.materials.MarkdownTable;
import dev.paperorchestra.runtime.materials.MarkdownTables;
import dev.paperorchestra.runtime.materials.MaterialsDirectory;
import dev.paperorchestra.runtime.testing.KafkaTestSupport;
import dev.paperorchestra.schemas.CompileStatus;
import dev.paperorchestra.schemas.Figure;
import dev.paperorchestra.schemas.JobOptions;
import dev.paperorchestra.schemas.LlmMode;
import dev.paperorchestra.schemas.PaperContext;
import dev.paperorchestra.schemas.PaperDraftedEvent;
import dev.paperorchestra.schemas.PaperStatusChangedEvent;
import dev.paperorchestra.schemas.StageState;
import dev.paperorchestra.schemas.topics.Topics;
import dev.paperorchestra.runtime.latex.LatexCompiler;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.kafka.test.context.EmbeddedKafka;

@SpringBootTest(classes = WriterAgentApplication.class, webEnvironment = SpringBootTest.WebEnvironment.NONE,
        properties = {
                "spring.application.name=writer-agent",
                "po.kafka.bootstrap-servers=${spring.embedded.kafka.brokers}",
                "po.kafka.partitions[literature-ready]=1",
                "po.kafka.partitions[figures-ready]=1",
                "po.blob.root=target/it-blobs",
                "po.kafka.streams-state-dir=target/it-streams/${random.uuid}",
                "po.writer.work-dir=target/it-writer-jobs"})
@EmbeddedKafka(partitions = 1)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class WriterAgentIT {

    private static final Duration WAIT = Duration.ofSeconds(120);

    @Value("${spring.embedded.kafka.brokers}")
    String brokers;
    @Autowired
    BlobStore blobs;
    @Autowired
    LatexCompiler compiler;

    KafkaTestSupport kafka;

    @BeforeAll
    void connect() {
        kafka = new KafkaTestSupport(brokers, List.of(Topics.PAPER_DRAFTS.name(), Topics.PAPER_STATUS.name(),
                Topics.LITERATURE_READY.deadLetterName()));
    }

    @AfterAll
    void disconnect() {
        kafka.close();
    }

    @Test
    void a_paper_is_drafted_once_literature_and_figures_have_both_arrived() {
        PaperContext context = context("it-offline", LlmMode.OFFLINE);
        Figure figure = TestMaterials.figure("fig_demo", "fig_demo.png", "4:3", null,
                blobs.put(TestMaterials.png(240, 180), MediaTypes.PNG));

        kafka.send(Topics.FIGURES_READY.name(), "it-offline", TestMaterials.figures(context, figure));
        kafka.send(Topics.LITERATURE_READY.name(), "it-offline", literature(context));

        PaperDraftedEvent drafted = kafka.await(PaperDraftedEvent.class,
                event -> event.getContext().getPaperId().equals("it-offline"), WAIT);
        String tex = blobs.getText(drafted.getDraft().getTex());
        MarkdownTable first = MarkdownTables.parse(read(CVPR, "experimental_log.md")).getFirst();
        assertThat(tex).contains("\\toprule").contains(first.number(0, 2).orElseThrow().digits())
                .contains("{figures/fig_demo.png}");
        assertThat(drafted.getStats().getTableCount()).isEqualTo(6);
        assertThat(drafted.getDraft().getCompile().getStatus())
                .isEqualTo(compiler.available() ? CompileStatus.COMPILED : CompileStatus.SKIPPED);
        PaperStatusChangedEvent completed = kafka.await(PaperStatusChangedEvent.class,
                status -> status.getPaperId().equals("it-offline") && status.getState() == StageState.COMPLETED, WAIT);
        assertThat(completed.getStage()).isEqualTo("writer");
        assertThat(completed.getMessage()).startsWith("paper.tex written");
    }

    @Test
    void a_model_mode_paper_fails_with_the_reason_and_its_input_is_dead_lettered() {
        PaperContext context = context("it-model", LlmMode.MODEL);

        kafka.send(Topics.FIGURES_READY.name(), "it-model", TestMaterials.figures(context));
        kafka.send(Topics.LITERATURE_READY.name(), "it-model", literature(context));

        PaperStatusChangedEvent failed = kafka.await(PaperStatusChangedEvent.class,
                status -> status.getPaperId().equals("it-model") && status.getState() == StageState.FAILED, WAIT);
        assertThat(failed.getMessage()).contains("no model provider is configured for role planner");
        kafka.await(dev.paperorchestra.schemas.LiteratureDraftedEvent.class,
                event -> event.getContext().getPaperId().equals("it-model"), WAIT);
        assertThat(kafka.received()).filteredOn(record -> record.key().equals("it-model"))
                .extracting(ConsumerRecord::topic)
                .contains(Topics.LITERATURE_READY.deadLetterName())
                .doesNotContain(Topics.PAPER_DRAFTS.name());
    }

    private PaperContext context(String paperId, LlmMode mode) {
        return MaterialsDirectory.upload(example(CVPR), paperId, JobOptions.newBuilder().setLlmMode(mode).build(),
                blobs, Instant.now());
    }

    private dev.paperorchestra.schemas.LiteratureDraftedEvent literature(PaperContext context) {
        return TestMaterials.literature(context,
                blobs.putText(literatureDraft(read(CVPR, "template.tex")), MediaTypes.TEX),
                blobs.putText(TestMaterials.bibliography(), MediaTypes.BIBTEX),
                blobs.putText("{\"eigen2014depth\":{},\"ma2018sparse\":{}}", MediaTypes.JSON));
    }
}
