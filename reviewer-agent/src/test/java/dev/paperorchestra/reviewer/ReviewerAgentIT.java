package dev.paperorchestra.reviewer;

import static org.assertj.core.api.Assertions.assertThat;

import dev.paperorchestra.runtime.blob.BlobStore;
import dev.paperorchestra.base.json.Json;
import dev.paperorchestra.gateway.ModelMode;
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
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.kafka.test.context.EmbeddedKafka;
import tools.jackson.databind.JsonNode;

@SpringBootTest(classes = {ReviewerAgentApplication.class, ReviewerAgentIT.ScriptedModel.class},
        webEnvironment = SpringBootTest.WebEnvironment.NONE,
        properties = {"spring.application.name=reviewer-agent",
                "po.kafka.bootstrap-servers=${spring.embedded.kafka.brokers}",
                "po.blob.root=target/it-blobs", "po.kafka.streams-state-dir=target/it-streams/${random.uuid}",
                "po.reviewer.panel-size=3", "po.reviewer.format=conference"})
@EmbeddedKafka(partitions = 1)
class ReviewerAgentIT {

    @TestConfiguration(proxyBeanMethods = false)
    static class ScriptedModel {

        @Bean
        ScriptedReviewerGateway scriptedReviewer() {
            return new ScriptedReviewerGateway(List.of(ScriptedReviewerGateway.conference(4, 2),
                    ScriptedReviewerGateway.conference(6, 3), ScriptedReviewerGateway.conference(5, 3)));
        }
    }

    @Autowired
    ScriptedReviewerGateway gateway;

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

    @Test
    void a_model_panel_reviews_at_the_configured_temperatures_and_answers_with_the_median() {
        ReviewRequestedEvent request = PaperFixtures.request(PaperFixtures.draft(blobs, "paper-it-panel", LlmMode.MODEL));
        try (KafkaTestSupport kafka = new KafkaTestSupport(brokers, List.of(Topics.REVIEW_RESULTS.name()))) {
            kafka.send(Topics.REVIEW_REQUESTS.name(), "paper-it-panel", request);

            ReviewCompletedEvent result = kafka.await(ReviewCompletedEvent.class,
                    event -> event.getPaperId().equals("paper-it-panel"), TIMEOUT);

            assertThat(gateway.requests()).extracting(call -> call.temperature()).containsExactly(0.65, 0.75, 0.85);
            assertThat(result.getScores().getOverall()).isEqualTo(5.0);
            assertThat(result.getScores().getSubScores()).containsEntry("Clarity", 3.0);
            JsonNode review = Json.mapper().readTree(blobs.getText(result.getReview()));
            assertThat(review.get("Format").asString()).isEqualTo("conference");
            assertThat(review.at("/Aggregation/axes/Overall/values")).extracting(JsonNode::asDouble)
                    .containsExactly(4.0, 6.0, 5.0);
            assertThat(review.at("/scores/overall").asDouble()).isEqualTo(5.0);
            // the panel's rubric scores, meta-review and agreement figures travel in the saved review
            assertThat(review.get("RubricVersion").asString()).isEqualTo("v1");
            assertThat(review.at("/Agreement/members").asInt()).isEqualTo(3);
            assertThat(review.at("/Agreement/decisions/panel").asString()).isEqualTo(result.getScores().getDecision());
            assertThat(review.at("/MetaReview/Plan").isArray()).isTrue();
            assertThat(review.at("/Members/0/Rubric/criteria/soundness/Evidence/0/Quote").asString()).isNotBlank();
        }
    }
}
