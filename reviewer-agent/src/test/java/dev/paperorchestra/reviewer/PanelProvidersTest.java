package dev.paperorchestra.reviewer;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.postRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static com.github.tomakehurst.wiremock.core.WireMockConfiguration.wireMockConfig;
import static org.assertj.core.api.Assertions.assertThat;

import com.github.tomakehurst.wiremock.WireMockServer;
import dev.paperorchestra.reviewer.panel.PanelMember;
import dev.paperorchestra.reviewer.panel.ReviewerFocus;
import dev.paperorchestra.reviewer.review.ModelReviewer;
import dev.paperorchestra.reviewer.review.PanelReview;
import dev.paperorchestra.reviewer.review.ReviewFormat;
import dev.paperorchestra.reviewer.review.ReviewInput;
import dev.paperorchestra.reviewer.review.ReviewPageImages;
import dev.paperorchestra.reviewer.rubric.Rubric;
import dev.paperorchestra.runtime.blob.LocalBlobStore;
import dev.paperorchestra.runtime.cancel.PaperCancellations;
import dev.paperorchestra.base.json.Json;
import dev.paperorchestra.gateway.LlmProperties;
import dev.paperorchestra.gateway.LlmProperties.ProviderKind;
import dev.paperorchestra.gateway.usage.InMemoryUsageLedger;
import dev.paperorchestra.runtime.metrics.TenantLabels;
import dev.paperorchestra.schemas.CompileReport;
import dev.paperorchestra.schemas.CompileStatus;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * A three-member panel of different providers, each member a stub server speaking its provider's wire format
 * (OpenAI chat completions, Anthropic messages, Gemini generateContent), called through the gateways the agent
 * builds for them: the rubric schema reaches every provider, the failing provider is retried by its gateway and
 * then left out, and the meta-review's top point is the one the two others both raised.
 */
class PanelProvidersTest {

    private static final String TEX = "\\begin{document}\\section{Experiments}We report the ablation in Section 4 "
            + "on two datasets.\\end{document}";

    private final WireMockServer openai = new WireMockServer(wireMockConfig().dynamicPort());
    private final WireMockServer anthropic = new WireMockServer(wireMockConfig().dynamicPort());
    private final WireMockServer gemini = new WireMockServer(wireMockConfig().dynamicPort());

    @TempDir
    Path blobRoot;

    @BeforeEach
    void start() {
        List.of(openai, anthropic, gemini).forEach(WireMockServer::start);
    }

    @AfterEach
    void stop() {
        List.of(openai, anthropic, gemini).forEach(WireMockServer::stop);
    }

    private static String review(int overall, String[] point) {
        return ScriptedReviewerGateway.conference(overall, 3, ScriptedReviewerGateway.rubric(3, Map.of(),
                ScriptedReviewerGateway.points("soundness", point)));
    }

    @Test
    void three_providers_review_and_the_one_that_keeps_failing_is_left_out_after_its_retries() {
        String openaiAnswer = review(6, new String[] {"Report the depth prior ablation for each dataset separately",
            "Experiments", "the ablation in Section 4"});
        String claudeAnswer = review(4, new String[] {"Split the ablation per dataset", "Section 4",
            "ablation in Section 4"});
        var chat = Json.mapper().createObjectNode().put("id", "c1").put("object", "chat.completion")
                .put("created", 1_700_000_000).put("model", "gpt-judge");
        chat.putArray("choices").addObject().put("index", 0).put("finish_reason", "stop").putObject("message")
                .put("role", "assistant").put("content", openaiAnswer);
        chat.putObject("usage").put("prompt_tokens", 100).put("completion_tokens", 50).put("total_tokens", 150);
        openai.stubFor(post(urlPathEqualTo("/v1/chat/completions")).willReturn(aResponse().withStatus(200)
                .withHeader("Content-Type", "application/json").withBody(chat.toString())));
        var message = Json.mapper().createObjectNode().put("id", "msg_1").put("type", "message")
                .put("role", "assistant").put("model", "claude-judge").put("stop_reason", "end_turn");
        message.putArray("content").addObject().put("type", "text").put("text", claudeAnswer);
        message.putObject("usage").put("input_tokens", 100).put("output_tokens", 50);
        anthropic.stubFor(post(urlPathEqualTo("/v1/messages")).willReturn(aResponse().withStatus(200)
                .withHeader("Content-Type", "application/json").withBody(message.toString())));
        gemini.stubFor(post(urlPathEqualTo("/v1beta/models/gemini-judge:generateContent")).willReturn(aResponse()
                .withStatus(503).withHeader("Content-Type", "application/json")
                .withBody("{\"error\":{\"code\":503,\"message\":\"The model is overloaded\",\"status\":\"UNAVAILABLE\"}}")));

        LlmProperties defaults = LlmProperties.defaults(ProviderKind.OPENAI, null, null);
        LlmProperties llm = new LlmProperties(ProviderKind.OPENAI, null, null, null, Map.of(), Duration.ofSeconds(10),
                4, 8192, 0, true, new LlmProperties.Retry(2, Duration.ofMillis(10), Duration.ofMillis(20), 0.0,
                        Duration.ofSeconds(1)), defaults.cache(), defaults.budget(), List.of(), "", 0.5, LlmProperties.Batch.OFF);
        ReviewerAgentProperties properties = new ReviewerAgentProperties(ReviewFormat.CONFERENCE, 0.75, 1, 0.2, 0, 110,
                List.of(new PanelMember(ProviderKind.OPENAI, "gpt-judge", openai.baseUrl() + "/v1", "key-seat-1",
                                ReviewerFocus.METHODS, null),
                        new PanelMember(ProviderKind.ANTHROPIC, "claude-judge", anthropic.baseUrl() + "/v1", "key-seat-2",
                                ReviewerFocus.EVIDENCE, null),
                        new PanelMember(ProviderKind.GEMINI, "gemini-judge", gemini.baseUrl() + "/v1beta", "key-seat-3",
                                ReviewerFocus.CLARITY, null)),
                null, "v1", 2, 0, 4);
        List<ModelReviewer.Seat> seats = ReviewerConfiguration.memberSeats(properties, llm,
                new LocalBlobStore(blobRoot), new InMemoryUsageLedger(), "reviewer-agent", new SimpleMeterRegistry(),
                TenantLabels.NONE, PaperCancellations.NONE);
        ModelReviewer reviewer = new ModelReviewer("reviewer-agent", ReviewFormat.CONFERENCE, Rubric.load("v1"),
                seats, properties.quorum(), properties.disagreementSpread(), new ReviewPageImages(0, 72));

        PanelReview panel = (PanelReview) reviewer.review(new ReviewInput("paper-panel", 0, 0, TEX,
                CompileReport.newBuilder().setStatus(CompileStatus.COMPILED).setMessage("ok").build(), List.of(), 8,
                Set.of(), null));

        assertThat(seats).extracting(ModelReviewer.Seat::name).containsExactly(
                "reviewer 1: openai/gpt-judge (methods)", "reviewer 2: anthropic/claude-judge (evidence)",
                "reviewer 3: gemini/gemini-judge (clarity)");
        // the rubric schema reached each provider in its own dialect
        assertThat(openai.getAllServeEvents().getFirst().getRequest().getBodyAsString()).contains("\"Rubric\"",
                "related-work");
        assertThat(anthropic.getAllServeEvents().getFirst().getRequest().getBodyAsString()).contains("\"Rubric\"");
        // the failing provider was retried by its gateway, then left out with the reason
        gemini.verify(2, postRequestedFor(urlPathEqualTo("/v1beta/models/gemini-judge:generateContent")));
        assertThat(panel.members()).hasSize(2);
        assertThat(panel.absent()).singleElement().satisfies(absence -> {
            assertThat(absence.seat()).isEqualTo("reviewer 3: gemini/gemini-judge (clarity)");
            assertThat(absence.reason()).contains("503");
        });
        JsonNode json = panel.toJson();
        assertThat(json.at("/MetaReview/Plan/0/Support").asInt()).isEqualTo(2);
        assertThat(json.at("/MetaReview/Plan/0/RaisedBy")).extracting(JsonNode::asString).containsExactly(
                "reviewer 1: openai/gpt-judge (methods)", "reviewer 2: anthropic/claude-judge (evidence)");
        assertThat(json.at("/Members/1/Rubric/criteria/evidence/Evidence/0/Found").asBoolean()).isTrue();
        assertThat(json.at("/Agreement/decisions/single")).hasSize(2);
        assertThat(json.at("/Absent/0/Reason").asString()).contains("503");
    }
}
