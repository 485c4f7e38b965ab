package dev.paperorchestra.gateway.provider;

import dev.paperorchestra.gateway.LlmRequest.Image;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * What is sent to a model, complete: the cache key is a hash of it.
 *
 * @param system          system prompt, isolation preamble included
 * @param turns           the conversation; the first turn is the user's request, later turns are repairs
 * @param images          images attached to the first user turn
 * @param jsonSchema      JSON Schema the answer must match, or null for free text
 * @param temperature     sampling temperature, or null for the provider's default
 * @param maxOutputTokens most tokens the answer may use
 * @param searchGrounding true to ask for web-search grounding (providers without it ignore the flag)
 */
public record ProviderCall(String system, List<ChatTurn> turns, List<Image> images, @Nullable String jsonSchema,
        @Nullable Double temperature, int maxOutputTokens, boolean searchGrounding) {

    public ProviderCall {
        turns = List.copyOf(turns);
        images = List.copyOf(images);
        if (turns.isEmpty() || turns.getFirst().speaker() != ChatTurn.Speaker.USER) {
            throw new IllegalArgumentException("a conversation starts with the user's turn");
        }
    }
}
