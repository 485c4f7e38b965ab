package dev.paperorchestra.bench.simulate;

import dev.paperorchestra.base.json.Json;
import java.util.ArrayList;
import java.util.List;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Anthropic's Messages API on the scripted model: a {@code POST /v1/messages} body read as the chat request the
 * scripted model answers, and its chat completion written back as a Messages answer.
 */
final class AnthropicMessages {

    /** A prompt's text in Anthropic's order, and where each block marked {@code cache_control} ends in it. */
    record Prompt(String text, List<Integer> breakpoints) {
    }

    private AnthropicMessages() {
    }

    /** The text of a content field: a string, or the {@code text} of each of its blocks. */
    static String text(JsonNode content) {
        if (content.isString()) {
            return content.asString();
        }
        StringBuilder text = new StringBuilder();
        content.values().forEach(block -> text.append(block.path("text").asString("")));
        return text.toString();
    }

    /** The request as a chat completion request: the system prompt first, then each message's text. */
    static ObjectNode asChat(JsonNode request) {
        ObjectNode chat = Json.mapper().createObjectNode().put("model", request.path("model").asString());
        ArrayNode messages = chat.putArray("messages");
        if (!request.path("system").isMissingNode()) {
            messages.addObject().put("role", "system").put("content", text(request.path("system")));
        }
        request.path("messages").values().forEach(message -> messages.addObject()
                .put("role", message.path("role").asString()).put("content", text(message.path("content"))));
        return chat;
    }

    /** The system blocks, then every message's blocks, with the end of each block marked for caching. */
    static Prompt prompt(JsonNode request) {
        StringBuilder text = new StringBuilder();
        List<Integer> breakpoints = new ArrayList<>();
        List<JsonNode> contents = new ArrayList<>();
        contents.add(request.path("system"));
        request.path("messages").values().forEach(message -> contents.add(message.path("content")));
        for (JsonNode content : contents) {
            if (content.isString()) {
                text.append(content.asString());
            } else {
                for (JsonNode block : content.values()) {
                    text.append(block.path("text").asString(""));
                    if (block.has("cache_control")) {
                        breakpoints.add(text.length());
                    }
                }
            }
        }
        return new Prompt(text.toString(), breakpoints);
    }

    /** A chat completion as a Messages answer; its usage is the bill's to fill in. */
    static ObjectNode toMessage(ObjectNode completion) {
        ObjectNode message = Json.mapper().createObjectNode().put("id", "msg_scripted").put("type", "message")
                .put("role", "assistant").put("model", completion.path("model").asString());
        message.putArray("content").addObject().put("type", "text")
                .put("text", completion.path("choices").path(0).path("message").path("content").asString());
        message.put("stop_reason", "end_turn").putNull("stop_sequence");
        message.putObject("usage").put("input_tokens", completion.path("usage").path("prompt_tokens").asLong())
                .put("output_tokens", completion.path("usage").path("completion_tokens").asLong());
        return message;
    }
}
