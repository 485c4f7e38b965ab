package dev.paperorchestra.reviewer;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.postRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static com.github.tomakehurst.wiremock.core.WireMockConfiguration.wireMockConfig;
import static org.assertj.core.api.Assertions.assertThat;

import com.github.tomakehurst.wiremock.WireMockServer;
import dev.paperorchestra.runtime.blob.BlobStore;
import dev.paperorchestra.base.json.Json;
import dev.paperorchestra.runtime.testing.KafkaTestSupport;
import dev.paperorchestra.schemas.LlmMode;
import dev.paperorchestra.schemas.PanelMemberReviewedEvent;
import dev.paperorchestra.schemas.ReviewCompletedEvent;
import dev.paperorchestra.schemas.ReviewRequestedEvent;
import dev.paperorchestra.schemas.topics.Topics;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.kafka.test.context.EmbeddedKafka;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import tools.jackson.databind.JsonNode;

/**
 * A three-member panel of different providers through Kafka: the review request fans out to one record per
 * member on panel-review-requests, each member is a stub server speaking its provider's wire format (OpenAI chat
 * completions, Anthropic messages, Gemini generateContent), and the panel gatherer (Kafka Streams) answers with
 * one review result. The Gemini member keeps failing: its gateway retries it, Kafka redelivers its record, then
 * the record is dead-lettered on its own and the panel proceeds with the two others and says so.
 */
@SpringBootTest(classes = ReviewerAgentApplication.class, webEnvironment = SpringBootTest.WebEnvironment.NONE,
        properties = {"spring.application.name=reviewer-agent",
                "po.kafka.bootstrap-servers=${spring.embedded.kafka.brokers}",
                "po.blob.root=target/it-fanout-blobs",
                "po.kafka.streams-state-dir=target/it-fanout-streams/${random.uuid}",
                "po.kafka.delivery-attempts=2", "po.kafka.retry-backoff=100ms",
                "po.llm.retry.max-attempts=2", "po.llm.retry.initial-backoff=10ms",
                "po.llm.retry.max-backoff=20ms", "po.llm.retry.jitter=0",
                "po.reviewer.format=conference", "po.reviewer.page-images=0"})
@EmbeddedKafka(partitions = 1)
class PanelFanOutIT {

    private static final WireMockServer OPENAI = started();
    private static final WireMockServer ANTHROPIC = started();
    private static final WireMockServer GEMINI = started();
    private static final Duration TIMEOUT = Duration.ofSeconds(90);
    private static final String GEMINI_PATH = "/v1beta/models/gemini-judge:generateContent";

    private static final String SHARED = "Report the depth prior ablation for each dataset separately";

    private static WireMockServer started() {
        WireMockServer server = new WireMockServer(wireMockConfig().dynamicPort());
        server.start();
        return server;
    }

    @AfterAll
    static void stop() {
        List.of(OPENAI, ANTHROPIC, GEMINI).forEach(WireMockServer::stop);
    }

    @DynamicPropertySource
    static void panel(DynamicPropertyRegistry registry) {
        registry.add("po.llm.provider", () -> "openai");
        registry.add("po.llm.base-url", () -> OPENAI.baseUrl() + "/v1");
        registry.add("po.llm.api-key", () -> "key-seat-0");
        member(registry, 0, "openai", "gpt-judge", OPENAI.baseUrl() + "/v1", "methods");
        member(registry, 1, "anthropic", "claude-judge", ANTHROPIC.baseUrl() + "/v1", "evidence");
        member(registry, 2, "gemini", "gemini-judge", GEMINI.baseUrl() + "/v1beta", "clarity");
    }

    private static void member(DynamicPropertyRegistry registry, int seat, String provider, String model,
            String baseUrl, String focus) {
        String prefix = "po.reviewer.panel[" + seat + "].";
        registry.add(prefix + "provider", () -> provider);
        registry.add(prefix + "model", () -> model);
        registry.add(prefix + "base-url", () -> baseUrl);
        registry.add(prefix + "api-key", () -> "key-seat-" + (seat + 1));
        registry.add(prefix + "focus", () -> focus);
    }

    @Value("${spring.embedded.kafka.brokers}")
    String brokers;

    @Autowired
    BlobStore blobs;

    @Test
    void the_panel_fans_out_on_kafka_and_proceeds_without_the_member_whose_provider_fails_past_its_retries() {
        // the OpenAI and Anthropic members raise the same point in their own words; each also raises one of its own
        String openaiAnswer = ScriptedReviewerGateway.conference(6, 3, ScriptedReviewerGateway.rubric(3,
                Map.of("clarity", 4), ScriptedReviewerGateway.points(
                        "soundness", new String[] {SHARED, "Experiments", "the ablation in Section 4"},
                        "presentation", new String[] {"Enlarge the axis labels of Figure 2", "Figure 2", ""})));
        String claudeAnswer = ScriptedReviewerGateway.conference(4, 2, ScriptedReviewerGateway.rubric(2,
                Map.of("clarity", 2), ScriptedReviewerGateway.points(
                        "evidence", new String[] {"Split the ablation per dataset", "Section 4",
                            "ablation in Section 4"},
                        "related-work", new String[] {"Compare against the closest monocular method", "Related Work",
                            ""})));
        var chat = Json.mapper().createObjectNode().put("id", "c1").put("object", "chat.completion")
                .put("created", 1_700_000_000).put("model", "gpt-judge");
        chat.putArray("choices").addObject().put("index", 0).put("finish_reason", "stop").putObject("message")
                .put("role", "assistant").put("content", openaiAnswer);
        chat.putObject("usage").put("prompt_tokens", 100).put("completion_tokens", 50).put("total_tokens", 150);
        OPENAI.stubFor(post(urlPathEqualTo("/v1/chat/completions")).willReturn(aResponse().withStatus(200)
                .withHeader("Content-Type", "application/json").withBody(chat.toString())));
        var message = Json.mapper().createObjectNode().put("id", "msg_1").put("type", "message")
                .put("role", "assistant").put("model", "claude-judge").put("stop_reason", "end_turn");
        message.putArray("content").addObject().put("type", "text").put("text", claudeAnswer);
        message.putObject("usage").put("input_tokens", 100).put("output_tokens", 50);
        ANTHROPIC.stubFor(post(urlPathEqualTo("/v1/messages")).willReturn(aResponse().withStatus(200)
                .withHeader("Content-Type", "application/json").withBody(message.toString())));
        GEMINI.stubFor(post(urlPathEqualTo(GEMINI_PATH)).willReturn(aResponse().withStatus(503)
                .withHeader("Content-Type", "application/json")
                .withBody("{\"error\":{\"code\":503,\"message\":\"The model is overloaded\",\"status\":\"UNAVAILABLE\"}}")));

        String paperId = "paper-fanout";
        ReviewRequestedEvent request = PaperFixtures.request(PaperFixtures.draft(blobs, paperId, LlmMode.MODEL));
        try (KafkaTestSupport kafka = new KafkaTestSupport(brokers, List.of(Topics.REVIEW_RESULTS.name(),
                Topics.PANEL_REVIEW_REQUESTS.name(), Topics.PANEL_MEMBER_REVIEWS.name(),
                Topics.PANEL_REVIEW_REQUESTS.name() + Topics.DEAD_LETTER_SUFFIX))) {
            kafka.send(Topics.REVIEW_REQUESTS.name(), paperId, request);

            ReviewCompletedEvent result = kafka.await(ReviewCompletedEvent.class,
                    event -> event.getPaperId().equals(paperId), TIMEOUT);

            // one record per member, keyed by paper and seat
            assertThat(kafka.received()).filteredOn(r -> r.topic().equals(Topics.PANEL_REVIEW_REQUESTS.name()))
                    .extracting(ConsumerRecord::key)
                    .containsExactlyInAnyOrder(paperId + "/seat-0", paperId + "/seat-1", paperId + "/seat-2");
            // the failing member: its gateway's 2 attempts, on each of Kafka's 2 deliveries of its record
            GEMINI.verify(4, postRequestedFor(urlPathEqualTo(GEMINI_PATH)));
            assertThat(kafka.received()).filteredOn(r -> r.topic().endsWith(Topics.DEAD_LETTER_SUFFIX))
                    .singleElement().satisfies(r -> assertThat(r.key()).isEqualTo(paperId + "/seat-2"));
            assertThat(kafka.received()).filteredOn(r -> r.value() instanceof PanelMemberReviewedEvent)
                    .extracting(r -> (PanelMemberReviewedEvent) r.value())
                    .filteredOn(outcome -> outcome.getFailure() != null).singleElement()
                    .satisfies(outcome -> assertThat(outcome.getSeatName()).contains("gemini"));
            // the refine loop's event, unchanged: the state echoed, the scores of the two members' median
            assertThat(result.getState()).isEqualTo(request.getState());
            assertThat(result.getScores().getOverall()).isEqualTo(5.0);

            JsonNode review = Json.mapper().readTree(blobs.getText(result.getReview()));
            assertThat(review.at("/Members")).hasSize(2);
            assertThat(review.at("/Members/0/Rubric/criteria/soundness/Score").asInt()).isEqualTo(3);
            assertThat(review.at("/Members/0/Rubric/criteria/soundness/Evidence/0/Quote").asString())
                    .isEqualTo("the ablation in Section 4");
            assertThat(review.at("/Members/0/Rubric/criteria/soundness/Evidence/0/Page").asInt()).isEqualTo(4);
            assertThat(review.at("/MetaReview/Plan/0/Request").asString()).isEqualTo(SHARED);
            assertThat(review.at("/MetaReview/Plan/0/Support").asInt()).isEqualTo(2);
            assertThat(review.at("/MetaReview/Plan/0/RaisedBy")).extracting(JsonNode::asString).containsExactly(
                    "reviewer 1: openai/gpt-judge (methods)", "reviewer 2: anthropic/claude-judge (evidence)");
            assertThat(review.at("/MetaReview/Plan/1/Support").asInt()).isEqualTo(1);
            assertThat(review.at("/Agreement/members").asInt()).isEqualTo(2);
            assertThat(review.at("/Agreement/criteria/clarity/spread").asInt()).isEqualTo(2);
            assertThat(review.at("/Agreement/pairs")).hasSize(1);
            assertThat(review.at("/Absent/0/Seat").asString()).isEqualTo("reviewer 3: gemini/gemini-judge (clarity)");
            assertThat(review.at("/Absent/0/Reason").asString()).contains("503");
            assertThat(review.get("GeneratedBy").asString()).contains("1 absent: reviewer 3: gemini");
        }
    }
}
