package dev.paperorchestra.gateway.provider;

import dev.paperorchestra.gateway.LlmRequest.Image;
import dev.paperorchestra.gateway.Prompt;
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
 * @param stablePrefix    the stable blocks the first turn begins with ({@link Prompt#stableBlocks()}), where a
 *                        provider that takes cache breakpoints puts them; empty when nothing is marked stable
 */
public record ProviderCall(String system, List<ChatTurn> turns, List<Image> images, @Nullable String jsonSchema,
        @Nullable Double temperature, int maxOutputTokens, boolean searchGrounding, List<String> stablePrefix) {

    public ProviderCall {
        turns = List.copyOf(turns);
        images = List.copyOf(images);
        stablePrefix = List.copyOf(stablePrefix);
        if (turns.isEmpty() || turns.getFirst().speaker() != ChatTurn.Speaker.USER) {
            throw new IllegalArgumentException("a conversation starts with the user's turn");
        }
        if (!stablePrefix.isEmpty() && !turns.getFirst().text().startsWith(prefixText(stablePrefix))) {
            throw new IllegalArgumentException("the first turn does not begin with its stable blocks");
        }
    }

    /** A call with no block marked stable. */
    public ProviderCall(String system, List<ChatTurn> turns, List<Image> images, @Nullable String jsonSchema,
            @Nullable Double temperature, int maxOutputTokens, boolean searchGrounding) {
        this(system, turns, images, jsonSchema, temperature, maxOutputTokens, searchGrounding, List.of());
    }

    /** The first turn's text after its stable blocks (all of it when none is marked). */
    public String firstTurnRest() {
        String first = turns.getFirst().text();
        return stablePrefix.isEmpty() ? first : first.substring(prefixText(stablePrefix).length());
    }

    /** The stable blocks as they begin the first turn: each followed by the separator. */
    private static String prefixText(List<String> blocks) {
        return String.join(Prompt.SEPARATOR, blocks) + Prompt.SEPARATOR;
    }
}
