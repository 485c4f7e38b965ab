package dev.paperorchestra.runtime.llm;

/**
 * A model's answer.
 *
 * @param text         the answer text (validated JSON when a schema was requested)
 * @param provider     provider that answered
 * @param model        model that answered
 * @param inputTokens  tokens billed for the request
 * @param outputTokens tokens billed for the answer
 * @param cached       true when served from the response cache (nothing was paid)
 */
public record LlmResponse(String text, String provider, String model, long inputTokens, long outputTokens,
        boolean cached) {
}
