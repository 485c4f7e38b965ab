package dev.paperorchestra.gateway.provider;

import dev.paperorchestra.gateway.LlmResponse.Source;
import java.util.List;

/**
 * A provider's answer to one call.
 *
 * @param text              the answer text
 * @param model             the model that answered, as the provider reports it
 * @param inputTokens       every input token billed for the request, the cached ones included (0 when the
 *                          provider reports none)
 * @param cachedInputTokens the part of {@code inputTokens} the provider read from its prompt cache
 * @param outputTokens      tokens billed for the answer
 * @param sources           grounding sources, for search-grounded calls
 */
public record ProviderAnswer(String text, String model, long inputTokens, long cachedInputTokens, long outputTokens,
        List<Source> sources) {

    public ProviderAnswer {
        sources = List.copyOf(sources);
        // a provider that reports more cache reads than input (a proxy's arithmetic) is read as all cached
        cachedInputTokens = Math.clamp(cachedInputTokens, 0, Math.max(0, inputTokens));
    }

    /** An answer with no prompt-cache reads. */
    public ProviderAnswer(String text, String model, long inputTokens, long outputTokens, List<Source> sources) {
        this(text, model, inputTokens, 0, outputTokens, sources);
    }
}
