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
 * @param cacheWriteInputTokens the part of {@code inputTokens} the provider wrote to its prompt cache (Anthropic's
 *                          {@code cache_creation_input_tokens}, billed above the input price)
 * @param outputTokens      tokens billed for the answer
 * @param sources           grounding sources, for search-grounded calls
 */
public record ProviderAnswer(String text, String model, long inputTokens, long cachedInputTokens,
        long cacheWriteInputTokens, long outputTokens, List<Source> sources) {

    public ProviderAnswer {
        sources = List.copyOf(sources);
        // a provider that reports more cache reads than input (a proxy's arithmetic) is read as all cached
        cachedInputTokens = Math.clamp(cachedInputTokens, 0, Math.max(0, inputTokens));
        // and writes beyond what the reads leave as the rest
        cacheWriteInputTokens = Math.clamp(cacheWriteInputTokens, 0, Math.max(0, inputTokens - cachedInputTokens));
    }

    /** An answer with no prompt-cache writes. */
    public ProviderAnswer(String text, String model, long inputTokens, long cachedInputTokens, long outputTokens,
            List<Source> sources) {
        this(text, model, inputTokens, cachedInputTokens, 0, outputTokens, sources);
    }

    /** An answer with no prompt-cache reads or writes. */
    public ProviderAnswer(String text, String model, long inputTokens, long outputTokens, List<Source> sources) {
        this(text, model, inputTokens, 0, 0, outputTokens, sources);
    }
}
