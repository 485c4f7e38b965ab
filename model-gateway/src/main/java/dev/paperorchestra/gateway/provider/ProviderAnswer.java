package dev.paperorchestra.gateway.provider;

import dev.paperorchestra.gateway.LlmResponse.Source;
import java.util.List;

/**
 * A provider's answer to one call.
 *
 * @param text         the answer text
 * @param model        the model that answered, as the provider reports it
 * @param inputTokens  tokens billed for the request (0 when the provider reports none)
 * @param outputTokens tokens billed for the answer
 * @param sources      grounding sources, for search-grounded calls
 */
public record ProviderAnswer(String text, String model, long inputTokens, long outputTokens, List<Source> sources) {

    public ProviderAnswer {
        sources = List.copyOf(sources);
    }
}
