package dev.paperorchestra.gateway.core;

import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static org.assertj.core.api.Assertions.assertThat;

import com.github.tomakehurst.wiremock.client.MappingBuilder;
import dev.paperorchestra.base.json.Json;
import dev.paperorchestra.gateway.LlmProperties.ProviderKind;
import dev.paperorchestra.gateway.LlmRequest;
import dev.paperorchestra.gateway.LlmResponse;
import dev.paperorchestra.gateway.LlmRole;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/** Google's Gemini API: generateContent, response schemas, inline images and search grounding. */
class GeminiProviderContractTest extends ProviderContractTest {

    @Override
    ProviderKind kind() {
        return ProviderKind.GEMINI;
    }

    @Override
    String basePath() {
        return "/v1beta";
    }

    @Override
    MappingBuilder chatEndpoint() {
        return post(urlPathEqualTo("/v1beta/models/" + model() + ":generateContent"));
    }

    @Override
    String answerBody(String text, long inputTokens, long outputTokens) {
        return answer(text, inputTokens, outputTokens).toString();
    }

    @Override
    String answerBodyWithCacheReads(String text, long inputTokens, long cachedInputTokens, long outputTokens) {
        ObjectNode body = answer(text, inputTokens, outputTokens);
        body.withObject("usageMetadata").put("cachedContentTokenCount", cachedInputTokens);
        return body.toString();
    }

    private ObjectNode answer(String text, long inputTokens, long outputTokens) {
        ObjectNode body = Json.mapper().createObjectNode().put("modelVersion", model());
        ObjectNode candidate = body.putArray("candidates").addObject().put("finishReason", "STOP");
        candidate.putObject("content").put("role", "model").putArray("parts").addObject().put("text", text);
        body.putObject("usageMetadata").put("promptTokenCount", inputTokens)
                .put("candidatesTokenCount", outputTokens).put("totalTokenCount", inputTokens + outputTokens);
        return body;
    }

    @Override
    String errorBody(int status, String message) {
        return "{\"error\":{\"code\":" + status + ",\"message\":\"" + message + "\",\"status\":\"ERROR\"}}";
    }

    @Override
    String systemPromptOf(JsonNode body) {
        StringBuilder text = new StringBuilder();
        body.path("systemInstruction").path("parts").values().forEach(part -> text.append(part.path("text")
                .asString()));
        return text.toString();
    }

    @Override
    List<String> userTextsOf(JsonNode body) {
        List<String> texts = new ArrayList<>();
        for (JsonNode content : body.path("contents").values()) {
            if (content.path("role").asString().equals("user")) {
                content.path("parts").values().forEach(part -> {
                    if (part.has("text")) {
                        texts.add(part.path("text").asString());
                    }
                });
            }
        }
        return texts;
    }

    @Override
    JsonNode schemaOf(JsonNode body) {
        JsonNode config = body.path("generationConfig");
        assertThat(config.path("responseMimeType").asString()).isEqualTo("application/json");
        return config.has("responseSchema") ? lowerCaseTypes(config.path("responseSchema"))
                : config.path("responseJsonSchema");
    }

    /** Gemini's OpenAPI-style schema spells types in upper case; the contract compares JSON Schema words. */
    private static JsonNode lowerCaseTypes(JsonNode schema) {
        return Json.mapper().readTree(schema.toString().replace("\"STRING\"", "\"string\"")
                .replace("\"OBJECT\"", "\"object\"").replace("\"INTEGER\"", "\"integer\""));
    }

    @Override
    List<String> imagesOf(JsonNode body) {
        List<String> images = new ArrayList<>();
        for (JsonNode content : body.path("contents").values()) {
            for (JsonNode part : content.path("parts").values()) {
                JsonNode inline = part.has("inlineData") ? part.path("inlineData") : part.path("inline_data");
                if (!inline.isMissingNode()) {
                    String type = inline.has("mimeType") ? inline.path("mimeType").asString()
                            : inline.path("mime_type").asString();
                    images.add(type + ";" + inline.path("data").asString());
                }
            }
        }
        return images;
    }

    @Test
    void a_searcher_call_asks_for_search_grounding_and_returns_its_sources() {
        ObjectNode body = answer("Three papers match.", 50, 20);
        ObjectNode grounding = ((ObjectNode) body.path("candidates").get(0)).putObject("groundingMetadata");
        grounding.putArray("webSearchQueries").add("sparse depth completion");
        var chunks = grounding.putArray("groundingChunks");
        chunks.addObject().putObject("web").put("uri", "https://example.org/a").put("title", "Paper A");
        chunks.addObject().putObject("web").put("uri", "https://example.org/b").put("title", "Paper B");
        chunks.addObject().putObject("web").put("uri", "https://example.org/a").put("title", "Paper A");
        server.stubFor(chatEndpoint().willReturn(com.github.tomakehurst.wiremock.client.WireMock.aResponse()
                .withStatus(200).withHeader("Content-Type", "application/json").withBody(body.toString())));

        LlmResponse response = gateway().call(new LlmRequest("paper-1", "literature-agent", LlmRole.SEARCHER,
                "Find papers.", "Sparse depth completion methods.", null, List.of()));

        assertThat(response.sources()).extracting(LlmResponse.Source::uri)
                .containsExactly("https://example.org/a", "https://example.org/b");
        assertThat(response.sources().getFirst().title()).isEqualTo("Paper A");
        JsonNode sent = requestBodies().getFirst();
        assertThat(sent.path("tools").toString()).contains("google_search");
        assertThat(systemPromptOf(sent)).doesNotContain(IsolationPreamble.TEXT);
    }
}
