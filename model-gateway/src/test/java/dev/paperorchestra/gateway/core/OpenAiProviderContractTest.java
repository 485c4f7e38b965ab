package dev.paperorchestra.gateway.core;

import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static org.assertj.core.api.Assertions.assertThat;

import com.github.tomakehurst.wiremock.client.MappingBuilder;
import dev.paperorchestra.base.json.Json;
import dev.paperorchestra.gateway.LlmProperties.ProviderKind;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/** OpenAI's chat completions format, which OpenAI-compatible servers (vLLM, Ollama, llama.cpp) speak too. */
class OpenAiProviderContractTest extends ProviderContractTest {

    @Override
    ProviderKind kind() {
        return ProviderKind.OPENAI;
    }

    @Override
    String basePath() {
        return "/v1";
    }

    @Override
    MappingBuilder chatEndpoint() {
        return post(urlPathEqualTo("/v1/chat/completions"));
    }

    @Override
    String answerBody(String text, long inputTokens, long outputTokens) {
        var body = Json.mapper().createObjectNode().put("id", "chatcmpl-1").put("object", "chat.completion")
                .put("created", 1_700_000_000).put("model", model());
        body.putArray("choices").addObject().put("index", 0).put("finish_reason", "stop").putObject("message")
                .put("role", "assistant").put("content", text);
        body.putObject("usage").put("prompt_tokens", inputTokens).put("completion_tokens", outputTokens)
                .put("total_tokens", inputTokens + outputTokens);
        return body.toString();
    }

    @Override
    String answerBodyWithCacheReads(String text, long inputTokens, long cachedInputTokens, long outputTokens) {
        var body = (tools.jackson.databind.node.ObjectNode) Json.mapper().readTree(answerBody(text, inputTokens,
                outputTokens));
        body.withObject("usage").putObject("prompt_tokens_details").put("cached_tokens", cachedInputTokens);
        return body.toString();
    }

    @Override
    String errorBody(int status, String message) {
        return "{\"error\":{\"message\":\"" + message + "\",\"type\":\"error_" + status + "\"}}";
    }

    @Override
    String systemPromptOf(JsonNode body) {
        for (JsonNode message : body.path("messages").values()) {
            if (message.path("role").asString().equals("system")) {
                return message.path("content").asString();
            }
        }
        return "";
    }

    @Override
    List<String> userTextsOf(JsonNode body) {
        return messageTexts(body, "user");
    }

    @Override
    JsonNode schemaOf(JsonNode body) {
        JsonNode format = body.path("response_format");
        assertThat(format.path("type").asString()).isEqualTo("json_schema");
        return format.path("json_schema").path("schema");
    }

    @Override
    List<String> imagesOf(JsonNode body) {
        List<String> images = new ArrayList<>();
        for (JsonNode message : body.path("messages").values()) {
            for (JsonNode part : message.path("content").values()) {
                if (part.path("type").asString().equals("image_url")) {
                    String url = part.path("image_url").path("url").asString();
                    // data:image/png;base64,AAAA
                    images.add(url.substring(5, url.indexOf(';')) + ";" + url.substring(url.indexOf(',') + 1));
                }
            }
        }
        return images;
    }

    @Test
    void sends_the_model_name_and_the_temperature_of_the_reviewer_role() {
        server.stubFor(chatEndpoint().willReturn(ok("fine")));

        gateway().call(new dev.paperorchestra.gateway.LlmRequest("paper-1", "reviewer-agent",
                dev.paperorchestra.gateway.LlmRole.REVIEWER, "Review.", "The paper.", null, List.of()));

        JsonNode body = requestBodies().getFirst();
        assertThat(body.path("model").asString()).isEqualTo(model());
        assertThat(body.path("temperature").asDouble()).isEqualTo(0.75);
        assertThat(server.findAll(com.github.tomakehurst.wiremock.matching.RequestPatternBuilder.allRequests())
                .getFirst().getHeader("Authorization")).isEqualTo("Bearer test-key");
    }
}
