package dev.paperorchestra.writer;

import static dev.paperorchestra.writer.TestMaterials.CVPR;
import static dev.paperorchestra.writer.TestMaterials.example;
import static dev.paperorchestra.writer.TestMaterials.literatureDraft;
import static dev.paperorchestra.writer.TestMaterials.read;
import static org.assertj.core.api.Assertions.assertThat;

import dev.paperorchestra.runtime.blob.BlobStore;
import dev.paperorchestra.base.errors.RetriableException;
import dev.paperorchestra.gateway.LlmGateway;
import dev.paperorchestra.gateway.LlmResponse;
import dev.paperorchestra.gateway.ModelMode;
import dev.paperorchestra.gateway.UnconfiguredLlmGateway;
import dev.paperorchestra.schemas.DraftRequestedEvent;
import dev.paperorchestra.writer.sections.SectionWriter;
import dev.paperorchestra.writer.sections.WriterInputs;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;
import dev.paperorchestra.runtime.blob.MediaTypes;
import dev.paperorchestra.content.materials.MarkdownTable;
import dev.paperorchestra.content.materials.MarkdownTables;
import dev.paperorchestra.content.materials.MaterialsDirectory;
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
import dev.paperorchestra.content.latex.LatexCompiler;
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
                "po.kafka.partitions[draft-requests]=1",
                "po.blob.root=target/it-blobs",
                "po.kafka.streams-state-dir=target/it-streams/${random.uuid}",
                "po.writer.work-dir=target/it-writer-jobs",
                // a short stage budget so a hanging paper is given up within a minute: one model request of
                // 1 s without retries, and one compile of 60 s (no repairs) -> a derived budget of 61 s
                "po.llm.timeout=1s",
                "po.llm.retry.max-attempts=1",
                "po.writer.compile-timeout=60s",
                "po.writer.max-gate-repairs=0",
                "po.writer.max-compile-repairs=0",
                "po.writer.max-page-repairs=0",
                "po.kafka.retry-backoff=200ms"})
@EmbeddedKafka(partitions = 1)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@Import(WriterAgentIT.Models.class)
class WriterAgentIT {

    private static final Duration WAIT = Duration.ofSeconds(120);
    /** Behind a hanging paper: its budget, then the papers queued after it. */
    private static final Duration WAIT_BEHIND_HANG = Duration.ofSeconds(300);

    /**
     * The model as the writer sees it through the gateway, scripted per paper: it-flaky meets a provider outage
     * (the gateway's retries already spent) on its first request and a faithful paper afterwards; it-hang never
     * answers (as a provider connection that stalls past every timeout); any other paper has no provider.
     */
    @TestConfiguration
    static class Models {

        static final Map<String, AtomicInteger> CALLS = new ConcurrentHashMap<>();
        static final CountDownLatch NEVER = new CountDownLatch(1);
        static final AtomicBoolean HANG_INTERRUPTED = new AtomicBoolean();

        @Bean
        LlmGateway scriptedModels() {
            LlmGateway unconfigured = new UnconfiguredLlmGateway();
            return request -> {
                int call = CALLS.computeIfAbsent(request.paperId(), id -> new AtomicInteger()).incrementAndGet();
                switch (request.paperId()) {
                    case "it-flaky" -> {
                        if (call == 1) {
                            throw new RetriableException("planner: provider answered 503 after 1 attempt");
                        }
                        return new LlmResponse(faithfulPaper(), "scripted", "scripted-model", 100, 100, false);
                    }
                    case "it-hang" -> {
                        try {
                            NEVER.await();
                        } catch (InterruptedException e) {
                            HANG_INTERRUPTED.set(true);
                            Thread.currentThread().interrupt();
                        }
                        throw new RetriableException("planner: request interrupted");
                    }
                    default -> {
                        return unconfigured.call(request);
                    }
                }
            };
        }

        /** What a faithful model answers: the paper the offline rules write, as a fenced LaTeX document. */
        private static String faithfulPaper() {
            String tex = new SectionWriter().write(new WriterInputs(literatureDraft(read(CVPR, "template.tex")),
                    read(CVPR, "idea.md"), read(CVPR, "experimental_log.md"), List.of())).tex();
            return "Here is the paper.\n```latex\n" + tex.lines().skip(1).collect(Collectors.joining("\n"))
                    + "\n```\n";
        }
    }

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
                Topics.LITERATURE_READY.deadLetterName(), Topics.DRAFT_REQUESTS.deadLetterName()));
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
    void a_permanent_drafting_failure_is_dead_lettered_at_once_with_the_paper_failed_and_the_reason() {
        PaperContext context = context("it-model", LlmMode.MODEL);

        kafka.send(Topics.FIGURES_READY.name(), "it-model", TestMaterials.figures(context));
        kafka.send(Topics.LITERATURE_READY.name(), "it-model", literature(context));

        PaperStatusChangedEvent failed = kafka.await(PaperStatusChangedEvent.class,
                status -> status.getPaperId().equals("it-model") && status.getState() == StageState.FAILED, WAIT);
        assertThat(failed.getStage()).isEqualTo("writer");
        assertThat(failed.getMessage()).contains("no model provider is configured for role planner");
        DraftRequestedEvent deadLetter = kafka.await(DraftRequestedEvent.class,
                event -> event.getLiterature().getContext().getPaperId().equals("it-model"), WAIT);
        assertThat(deadLetter.getFigures().getContext().getPaperId()).isEqualTo("it-model");
        assertThat(kafka.received()).filteredOn(record -> record.key().equals("it-model"))
                .extracting(ConsumerRecord::topic)
                .contains(Topics.DRAFT_REQUESTS.deadLetterName())
                .doesNotContain(Topics.PAPER_DRAFTS.name(), Topics.LITERATURE_READY.deadLetterName());
        assertThat(Models.CALLS.get("it-model")).as("permanent: not redelivered").hasValue(1);
    }

    @Test
    void a_retriable_drafting_failure_is_redelivered_and_the_paper_is_drafted_on_a_later_attempt() {
        PaperContext context = context("it-flaky", LlmMode.MODEL);

        kafka.send(Topics.FIGURES_READY.name(), "it-flaky", TestMaterials.figures(context));
        kafka.send(Topics.LITERATURE_READY.name(), "it-flaky", literature(context));

        PaperDraftedEvent drafted = kafka.await(PaperDraftedEvent.class,
                event -> event.getContext().getPaperId().equals("it-flaky"), WAIT);
        assertThat(blobs.getText(drafted.getDraft().getTex())).doesNotContain(ModelMode.OFFLINE_LABEL)
                .contains("\\toprule");
        assertThat(Models.CALLS.get("it-flaky")).as("the failed request, then the redelivered one").hasValue(2);
        kafka.await(PaperStatusChangedEvent.class, status -> status.getPaperId().equals("it-flaky")
                && status.getState() == StageState.COMPLETED, WAIT);
        assertThat(kafka.received()).filteredOn(record -> record.key().equals("it-flaky"))
                .noneSatisfy(record -> assertThat(record.topic()).endsWith(Topics.DEAD_LETTER_SUFFIX))
                .noneSatisfy(record -> assertThat(record.value()).isInstanceOfSatisfying(
                        PaperStatusChangedEvent.class, status -> assertThat(status.getState())
                                .isEqualTo(StageState.FAILED)));
    }

    @Test
    void a_paper_that_outlasts_its_stage_budget_fails_with_the_reason_and_the_papers_behind_it_are_drafted() {
        PaperContext hanging = context("it-hang", LlmMode.MODEL);
        kafka.send(Topics.FIGURES_READY.name(), "it-hang", TestMaterials.figures(hanging));
        kafka.send(Topics.LITERATURE_READY.name(), "it-hang", literature(hanging));
        for (String good : List.of("it-behind-1", "it-behind-2")) {
            PaperContext context = context(good, LlmMode.OFFLINE);
            kafka.send(Topics.FIGURES_READY.name(), good, TestMaterials.figures(context));
            kafka.send(Topics.LITERATURE_READY.name(), good, literature(context));
        }

        for (String good : List.of("it-behind-1", "it-behind-2")) {
            kafka.await(PaperDraftedEvent.class, event -> event.getContext().getPaperId().equals(good),
                    WAIT_BEHIND_HANG);
        }
        PaperStatusChangedEvent failed = kafka.await(PaperStatusChangedEvent.class,
                status -> status.getPaperId().equals("it-hang") && status.getState() == StageState.FAILED, WAIT);
        assertThat(failed.getMessage()).contains("did not finish paper it-hang within its budget of PT1M1S");
        assertThat(Models.HANG_INTERRUPTED).as("the stalled request was interrupted").isTrue();
        assertThat(Models.CALLS.get("it-hang")).as("not redelivered into another budget").hasValue(1);
        assertThat(kafka.received()).filteredOn(record -> record.key().equals("it-hang"))
                .extracting(ConsumerRecord::topic)
                .contains(Topics.DRAFT_REQUESTS.deadLetterName())
                .doesNotContain(Topics.PAPER_DRAFTS.name());
    }

    private PaperContext context(String paperId, LlmMode mode) {
        return MaterialsDirectory.upload(example(CVPR), paperId, JobOptions.newBuilder().setLlmMode(mode).build(),
                blobs, Instant.now());
    }

    private dev.paperorchestra.schemas.LiteratureReadyEvent literature(PaperContext context) {
        return TestMaterials.literature(context,
                blobs.putText(literatureDraft(read(CVPR, "template.tex")), MediaTypes.TEX),
                blobs.putText(TestMaterials.bibliography(), MediaTypes.BIBTEX),
                blobs.putText("{\"eigen2014depth\":{},\"ma2018sparse\":{}}", MediaTypes.JSON));
    }
}
