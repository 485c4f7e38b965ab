package dev.paperorchestra.gateway.core;

import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static org.assertj.core.api.Assertions.assertThat;

import com.github.tomakehurst.wiremock.client.MappingBuilder;
import com.github.tomakehurst.wiremock.matching.RequestPatternBuilder;
import dev.paperorchestra.base.json.Json;
import dev.paperorchestra.gateway.LlmProperties.ProviderKind;
import dev.paperorchestra.gateway.LlmRequest;
import dev.paperorchestra.gateway.LlmRole;
import dev.paperorchestra.gateway.Prompt;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/** Anthropic's Messages API. */
class AnthropicProviderContractTest extends ProviderContractTest {

    @Override
    ProviderKind kind() {
        return ProviderKind.ANTHROPIC;
    }

    @Override
    String basePath() {
        return "/v1";
    }

    @Override
    MappingBuilder chatEndpoint() {
        return post(urlPathEqualTo("/v1/messages"));
    }

    @Override
    String answerBody(String text, long inputTokens, long outputTokens) {
        var body = Json.mapper().createObjectNode().put("id", "msg_1").put("type", "message")
                .put("role", "assistant").put("model", model()).put("stop_reason", "end_turn");
        body.putArray("content").addObject().put("type", "text").put("text", text);
        body.putObject("usage").put("input_tokens", inputTokens).put("output_tokens", outputTokens);
        return body.toString();
    }

    /** Anthropic's input_tokens are the fresh ones only: 50 of the rest were written to the cache here. */
    @Override
    String answerBodyWithCacheReads(String text, long inputTokens, long cachedInputTokens, long outputTokens) {
        var body = (tools.jackson.databind.node.ObjectNode) Json.mapper().readTree(answerBody(text,
                inputTokens - cachedInputTokens - 50, outputTokens));
        body.withObject("usage").put("cache_creation_input_tokens", 50)
                .put("cache_read_input_tokens", cachedInputTokens);
        return body.toString();
    }

    @Test
    void records_cache_creation_input_tokens_as_cache_writes_apart_from_reads() {
        server.stubFor(chatEndpoint().willReturn(com.github.tomakehurst.wiremock.client.WireMock.aResponse()
                .withStatus(200).withHeader("Content-Type", "application/json")
                .withBody(answerBodyWithCacheReads("The paper is clear.", 1200, 1000, 30))));

        gateway().call(request("Summarise the paper.", null));

        var usage = ledger.usage("paper-1").calls().getFirst();
        assertThat(usage.inputTokens()).isEqualTo(1200);
        assertThat(usage.cachedInputTokens()).isEqualTo(1000);
        assertThat(usage.cacheWriteInputTokens()).isEqualTo(50);
        assertThat(ledger.usage("paper-1").totals().cacheWriteInputTokens()).isEqualTo(50);
    }

    @Override
    String errorBody(int status, String message) {
        return "{\"type\":\"error\",\"error\":{\"type\":\"error_" + status + "\",\"message\":\"" + message + "\"}}";
    }

    @Override
    String systemPromptOf(JsonNode body) {
        JsonNode system = body.path("system");
        if (system.isString()) {
            return system.asString();
        }
        StringBuilder text = new StringBuilder();
        system.values().forEach(block -> text.append(block.path("text").asString()));
        return text.toString();
    }

    @Override
    List<String> userTextsOf(JsonNode body) {
        return messageTexts(body, "user");
    }

    @Override
    JsonNode schemaOf(JsonNode body) {
        JsonNode format = body.path("output_config").path("format");
        assertThat(format.path("type").asString()).isEqualTo("json_schema");
        return format.path("schema");
    }

    @Override
    List<String> imagesOf(JsonNode body) {
        List<String> images = new ArrayList<>();
        for (JsonNode message : body.path("messages").values()) {
            for (JsonNode block : message.path("content").values()) {
                if (block.path("type").asString().equals("image")) {
                    JsonNode source = block.path("source");
                    images.add(source.path("media_type").asString() + ";" + source.path("data").asString());
                }
            }
        }
        return images;
    }

    @Test
    void sends_the_key_and_api_version_headers_and_the_output_limit() {
        server.stubFor(chatEndpoint().willReturn(ok("fine")));

        gateway().call(request("Summarise.", null));

        var logged = server.findAll(RequestPatternBuilder.allRequests()).getFirst();
        assertThat(logged.getHeader("x-api-key")).isEqualTo("test-key");
        assertThat(logged.getHeader("anthropic-version")).isNotBlank();
        assertThat(requestBodies().getFirst().path("max_tokens").asInt()).isEqualTo(1024);
    }

    @Test
    void marks_the_system_prompt_the_materials_the_outline_and_literature_and_the_step_for_the_cache() {
        server.stubFor(chatEndpoint().willReturn(ok("fine")));
        Prompt.Materials materials = new Prompt.Materials("IDEA", "LOG");
        Prompt prompt = Prompt.builder().task("Write the method section.").rules("RULES").reading("FIGURES")
                .materials(materials).outline("{}").literature("CITATIONS").build();

        gateway().call(new LlmRequest("paper-1", "test-agent", LlmRole.PLANNER, "You write papers.", prompt, null,
                List.of()));

        JsonNode body = requestBodies().getFirst();
        List<String> marked = new ArrayList<>();
        body.path("system").values().forEach(block -> {
            if (!block.path("cache_control").isMissingNode()) {
                marked.add("system");
            }
        });
        List<String> unmarked = new ArrayList<>();
        for (JsonNode message : body.path("messages").values()) {
            for (JsonNode block : message.path("content").values()) {
                if (block.path("cache_control").path("type").asString().equals("ephemeral")) {
                    marked.add(block.path("text").asString());
                } else {
                    unmarked.add(block.path("text").asString());
                }
            }
        }
        // four breakpoints: the system prompt, the materials (what every step of the paper shares), the outline
        // and literature (what the writing steps share), then the step's reading, instructions and rules (what
        // its own calls share); the per-call part after, unmarked
        assertThat(marked).containsExactly("system", materials.text(),
                "=== outline.json ===\n{}\n=== end of outline.json ===\n\nCITATIONS",
                "FIGURES\n\nYou write papers.\n\nRULES");
        assertThat(unmarked).containsExactly("Write the method section.");
        assertThat(body.toString().split("\"cache_control\"", -1)).hasSize(5);
    }
}
