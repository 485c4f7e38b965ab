package dev.paperorchestra.runtime.gateway;

import com.github.tomakehurst.wiremock.client.ResponseDefinitionBuilder;
import com.github.tomakehurst.wiremock.extension.ResponseDefinitionTransformerV2;
import com.github.tomakehurst.wiremock.http.ResponseDefinition;
import com.github.tomakehurst.wiremock.stubbing.ServeEvent;
import dev.paperorchestra.base.json.Json;
import java.util.function.BiFunction;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * A WireMock transformer speaking OpenAI's chat-completions format: every request is answered with the content a
 * script gives for its system and user text, so a test drives a real gateway through a scripted model. Register it
 * with {@code extensions(...)} and route a stub to it with {@code withTransformers(OpenAiChatScript.NAME)}.
 */
public final class OpenAiChatScript implements ResponseDefinitionTransformerV2 {

    public static final String NAME = "openai-chat-script";

    private final BiFunction<String, String, String> script;

    /** @param script the answer's content for a request's (system text, user text) */
    public OpenAiChatScript(BiFunction<String, String, String> script) {
        this.script = script;
    }

    @Override
    public String getName() {
        return NAME;
    }

    @Override
    public boolean applyGlobally() {
        return false;
    }

    @Override
    public ResponseDefinition transform(ServeEvent event) {
        JsonNode request = Json.mapper().readTree(event.getRequest().getBodyAsString());
        return completion(request.path("model").asString(), script.apply(text(request, "system"),
                text(request, "user")));
    }

    /** A 200 chat completion carrying the content, with usage as a provider reports it. */
    public static ResponseDefinition completion(String model, String content) {
        ObjectNode body = Json.mapper().createObjectNode().put("id", "chatcmpl-1").put("object", "chat.completion")
                .put("model", model);
        body.putArray("choices").addObject().put("index", 0).put("finish_reason", "stop").putObject("message")
                .put("role", "assistant").put("content", content);
        body.putObject("usage").put("prompt_tokens", 10).put("completion_tokens", 10).put("total_tokens", 20);
        return ResponseDefinitionBuilder.responseDefinition().withStatus(200)
                .withHeader("Content-Type", "application/json").withBody(body.toString()).build();
    }

    /** The text of a request's messages of one role, plain or in content parts. */
    public static String text(JsonNode request, String role) {
        StringBuilder text = new StringBuilder();
        for (JsonNode message : request.path("messages").values()) {
            if (message.path("role").asString().equals(role)) {
                JsonNode content = message.path("content");
                if (content.isString()) {
                    text.append(content.asString());
                } else {
                    content.values().forEach(part -> text.append(part.path("text").asString("")));
                }
            }
        }
        return text.toString();
    }
}
