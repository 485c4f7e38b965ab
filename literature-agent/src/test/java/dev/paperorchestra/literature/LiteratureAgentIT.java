package dev.paperorchestra.literature;

import static org.assertj.core.api.Assertions.assertThat;

import dev.paperorchestra.runtime.blob.BlobStore;
import dev.paperorchestra.runtime.blob.MediaTypes;
import dev.paperorchestra.runtime.json.Json;
import dev.paperorchestra.runtime.materials.MaterialsDirectory;
import dev.paperorchestra.runtime.testing.KafkaTestSupport;
import dev.paperorchestra.schemas.JobOptions;
import dev.paperorchestra.schemas.LiteratureDraftedEvent;
import dev.paperorchestra.schemas.LlmMode;
import dev.paperorchestra.schemas.OutlineCreatedEvent;
import dev.paperorchestra.schemas.PaperContext;
import dev.paperorchestra.schemas.PaperStatusChangedEvent;
import dev.paperorchestra.schemas.ScholarLookupCachedEvent;
import dev.paperorchestra.schemas.StageState;
import dev.paperorchestra.schemas.topics.Topics;
import java.io.StringReader;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.stream.Collectors;
import org.jbibtex.BibTeXDatabase;
import org.jbibtex.BibTeXParser;
import org.jbibtex.Key;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.kafka.test.context.EmbeddedKafka;
import tools.jackson.databind.JsonNode;

@SpringBootTest(classes = LiteratureAgentApplication.class, webEnvironment = SpringBootTest.WebEnvironment.NONE,
        properties = {"spring.application.name=" + LiteratureAgentApplication.NAME,
                "po.kafka.bootstrap-servers=${spring.embedded.kafka.brokers}",
                "po.blob.root=target/it-blobs",
                // a fresh state directory per run: stores left by an earlier broker would not match this one
                "po.kafka.streams-state-dir=target/it-streams/${random.uuid}",
                "po.literature.replay-files=../examples/cvpr-sparse-depth/scholar_records.json"})
@EmbeddedKafka(partitions = 1)
class LiteratureAgentIT {

    private static final Path CVPR = Path.of("../examples/cvpr-sparse-depth");
    private static final Duration TIMEOUT = Duration.ofSeconds(120);

    @Autowired
    BlobStore blobs;

    @Value("${spring.embedded.kafka.brokers}")
    String brokers;

    private KafkaTestSupport kafka;

    @BeforeEach
    void connect() {
        kafka = new KafkaTestSupport(brokers, List.of(Topics.LITERATURE_READY.name(), Topics.PAPER_STATUS.name(),
                Topics.SCHOLAR_CACHE.name()));
    }

    @AfterEach
    void disconnect() {
        kafka.close();
    }

    @Test
    void drafts_introduction_and_related_work_from_verified_offline_records() throws Exception {
        String paperId = "cvpr-" + UUID.randomUUID();
        JobOptions options = JobOptions.newBuilder().setCutoffDate("2024-11-01").setVenue("CVPR 2025")
                .setLlmMode(LlmMode.OFFLINE).build();
        PaperContext uploaded = MaterialsDirectory.upload(CVPR, paperId, options, blobs, Instant.now());
        PaperContext context = PaperContext.newBuilder(uploaded)
                .setOutline(blobs.putText(TestResources.text("outline-cvpr.json"), MediaTypes.JSON)).build();

        kafka.send(Topics.PAPER_OUTLINES.name(), paperId, OutlineCreatedEvent.newBuilder().setContext(context)
                .setFigureCount(1).setSearchQueryCount(11).build());

        LiteratureDraftedEvent drafted = kafka.await(LiteratureDraftedEvent.class,
                event -> event.getContext().getPaperId().equals(paperId), TIMEOUT);
        assertThat(drafted.getVerifiedCount()).isPositive();
        assertThat(drafted.getScholarRequests()).isPositive();
        assertThat(drafted.getContext().getTimings()).extracting(timing -> timing.getStage()).contains("literature");

        JsonNode citationMap = Json.mapper().readTree(blobs.getText(drafted.getCitationMap()));
        Set<String> mapKeys = citationMap.path("keys").propertyNames().stream().collect(Collectors.toSet());
        assertThat(mapKeys).hasSize(drafted.getVerifiedCount());
        assertThat(citationMap.path("rejected").size()).isEqualTo(drafted.getRejectedCount());

        BibTeXDatabase bibliography = new BibTeXParser()
                .parse(new StringReader(blobs.getText(drafted.getBibliography())));
        assertThat(bibliography.getEntries().keySet()).extracting(Key::getValue)
                .isNotEmpty().allMatch(mapKeys::contains);

        String draft = blobs.getText(drafted.getDraft());
        assertThat(draft).contains("\\section{Introduction}\n% OFFLINE MODE", "\\section{Related Work}\n% OFFLINE MODE",
                "\\cite{");

        PaperStatusChangedEvent completed = kafka.await(PaperStatusChangedEvent.class,
                event -> event.getPaperId().equals(paperId) && event.getState() == StageState.COMPLETED, TIMEOUT);
        assertThat(completed.getStage()).isEqualTo("literature");
        assertThat(completed.getMessage()).endsWith("rejected (offline)");
        assertThat(kafka.received()).extracting(record -> record.value())
                .hasAtLeastOneElementOfType(ScholarLookupCachedEvent.class);
    }
}
