package dev.paperorchestra.reviewer;

import static org.assertj.core.api.Assertions.assertThat;

import dev.paperorchestra.runtime.blob.BlobStore;
import dev.paperorchestra.runtime.json.Json;
import dev.paperorchestra.runtime.llm.ModelMode;
import dev.paperorchestra.runtime.testing.KafkaTestSupport;
import dev.paperorchestra.schemas.LlmMode;
import dev.paperorchestra.schemas.ReviewCompletedEvent;
import dev.paperorchestra.schemas.ReviewRequestedEvent;
import dev.paperorchestra.schemas.topics.Topics;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.kafka.test.context.EmbeddedKafka;
import tools.jackson.databind.JsonNode;

@SpringBootTest(classes = ReviewerAgentApplication.class, webEnvironment = SpringBootTest.WebEnvironment.NONE,
        properties = {"spring.application.name=reviewer-agent",
                "po.kafka.bootstrap-servers=${spring.embedded.kafka.brokers}",
                "po.blob.root=target/it-blobs", "po.kafka.streams-state-dir=target/it-streams"})
@EmbeddedKafka(partitions = 1)
class ReviewerAgentIT {

    private static final Duration TIMEOUT = Duration.ofSeconds(60);

    @Value("${spring.embedded.kafka.brokers}")
    String brokers;

    @Autowired
    BlobStore blobs;

    @Test
    void answers_a_review_request_with_an_offline_review_and_the_state_echoed() {
        ReviewRequestedEvent request = PaperFixtures.request(PaperFixtures.draft(blobs, "paper-it-1", LlmMode.OFFLINE));
        try (KafkaTestSupport kafka = new KafkaTestSupport(brokers, List.of(Topics.REVIEW_RESULTS.name()))) {
            kafka.send(Topics.REVIEW_REQUESTS.name(), "paper-it-1", request);

            ReviewCompletedEvent result = kafka.await(ReviewCompletedEvent.class,
                    event -> event.getPaperId().equals("paper-it-1"), TIMEOUT);
            assertThat(result.getState()).isEqualTo(request.getState());
            JsonNode review = Json.mapper().readTree(blobs.getText(result.getReview()));
            assertThat(review.get("GeneratedBy").stringValue()).isEqualTo(ModelMode.OFFLINE_LABEL);
            assertThat(result.getScores().getOverall()).isEqualTo(review.get("Overall").asDouble());
            assertThat(kafka.received()).filteredOn(record -> record.value() instanceof ReviewCompletedEvent)
                    .allSatisfy(record -> assertThat(record.key()).isEqualTo("paper-it-1"));
        }
    }
}
