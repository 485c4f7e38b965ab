package dev.paperorchestra.gateway;

import java.util.List;

/**
 * A model's answer.
 *
 * @param text         the answer text (validated JSON when a schema was requested)
 * @param provider     provider that answered
 * @param model        model that answered
 * @param inputTokens  tokens billed for the request
 * @param outputTokens tokens billed for the answer
 * @param cached       true when served from the response cache (nothing was paid)
 * @param sources      web sources the answer was grounded on (search-grounded searcher calls); empty otherwise
 */
public record LlmResponse(String text, String provider, String model, long inputTokens, long outputTokens,
        boolean cached, List<Source> sources) {

    public LlmResponse {
        sources = List.copyOf(sources);
    }

    /** An answer without grounding sources. */
    public LlmResponse(String text, String provider, String model, long inputTokens, long outputTokens,
            boolean cached) {
        this(text, provider, model, inputTokens, outputTokens, cached, List.of());
    }

    /** A web source a grounded answer cites: its title as the search engine reported it, and its address. */
    public record Source(String title, String uri) {
    }
}
