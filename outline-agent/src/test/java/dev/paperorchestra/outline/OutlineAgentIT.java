package dev.paperorchestra.outline;

import dev.paperorchestra.outline.plan.SearchQueries;
import static org.assertj.core.api.Assertions.assertThat;

import dev.paperorchestra.outline.testing.Examples;
import dev.paperorchestra.runtime.blob.BlobStore;
import dev.paperorchestra.base.json.Json;
import dev.paperorchestra.runtime.testing.KafkaTestSupport;
import dev.paperorchestra.schemas.OutlineCreatedEvent;
import dev.paperorchestra.schemas.PaperContext;
import dev.paperorchestra.schemas.PaperRequestedEvent;
import dev.paperorchestra.schemas.PaperStatusChangedEvent;
import dev.paperorchestra.schemas.StageState;
import dev.paperorchestra.schemas.StageTiming;
import dev.paperorchestra.schemas.topics.Topics;
import java.time.Duration;
import java.util.List;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.kafka.test.context.EmbeddedKafka;
import tools.jackson.databind.JsonNode;

@SpringBootTest(classes = OutlineAgentApplication.class, webEnvironment = SpringBootTest.WebEnvironment.NONE,
        properties = {"spring.application.name=outline-agent",
                "po.kafka.bootstrap-servers=${spring.embedded.kafka.brokers}", "po.blob.root=target/it-blobs",
                "po.kafka.streams-state-dir=target/it-streams"})
@EmbeddedKafka(partitions = 1)
class OutlineAgentIT {

    private static final Duration TIMEOUT = Duration.ofSeconds(60);
    private static final String DEAD_LETTERS = Topics.PAPER_REQUESTS.name() + Topics.DEAD_LETTER_SUFFIX;

    @Autowired
    private BlobStore blobs;
    @Value("${spring.embedded.kafka.brokers}")
    private String brokers;
    private KafkaTestSupport kafka;

    @BeforeEach
    void connect() {
        kafka = new KafkaTestSupport(brokers,
                List.of(Topics.PAPER_OUTLINES.name(), Topics.PAPER_STATUS.name(), DEAD_LETTERS));
    }

    @AfterEach
    void disconnect() {
        kafka.close();
    }

    @Test
    void outlines_a_requested_paper() {
        PaperContext context = Examples.upload(Examples.CVPR, "it-cvpr", blobs);

        kafka.send(Topics.PAPER_REQUESTS.name(), "it-cvpr",
                PaperRequestedEvent.newBuilder().setContext(context).build());

        OutlineCreatedEvent created = kafka.await(OutlineCreatedEvent.class,
                event -> event.getContext().getPaperId().equals("it-cvpr"), TIMEOUT);
        assertThat(created.getFigureCount()).isEqualTo(6);
        assertThat(created.getContext().getTimings()).extracting(StageTiming::getStage).containsExactly("outline");
        JsonNode outline = Json.mapper().readTree(blobs.getText(created.getContext().getOutline()));
        assertThat(created.getSearchQueryCount()).isEqualTo(SearchQueries.count(outline)).isGreaterThan(20);
        assertThat(outline.propertyNames()).containsExactly("plotting_plan", "intro_related_work_plan",
                "section_plan");
        PaperStatusChangedEvent completed = kafka.await(PaperStatusChangedEvent.class,
                status -> status.getPaperId().equals("it-cvpr") && status.getState() == StageState.COMPLETED, TIMEOUT);
        assertThat(completed.getStage()).isEqualTo("outline");
        assertThat(completed.getMessage()).isEqualTo("6 figures planned, " + created.getSearchQueryCount()
                + " literature queries (offline)");
        assertThat(kafka.await(PaperStatusChangedEvent.class, status -> status.getPaperId().equals("it-cvpr")
                && status.getState() == StageState.STARTED, TIMEOUT).getMessage())
                .isEqualTo("reading materials from " + Examples.CVPR);
    }

    @Test
    void fails_a_paper_whose_template_is_broken_and_dead_letters_the_request() {
        PaperContext context = Examples.upload(Examples.BROKEN.resolve("no-begin-document"), "it-broken", blobs);

        kafka.send(Topics.PAPER_REQUESTS.name(), "it-broken",
                PaperRequestedEvent.newBuilder().setContext(context).build());

        PaperStatusChangedEvent failed = kafka.await(PaperStatusChangedEvent.class,
                status -> status.getPaperId().equals("it-broken") && status.getState() == StageState.FAILED, TIMEOUT);
        assertThat(failed.getMessage()).contains("no-begin-document/template.tex").contains("\\begin{document}");
        Awaitility.await().atMost(TIMEOUT).until(() -> kafka.received().stream()
                .anyMatch(record -> record.topic().equals(DEAD_LETTERS) && "it-broken".equals(record.key())));
        assertThat(kafka.received()).map(ConsumerRecord::value).filteredOn(OutlineCreatedEvent.class::isInstance)
                .map(OutlineCreatedEvent.class::cast)
                .noneMatch(event -> event.getContext().getPaperId().equals("it-broken"));
    }
}
