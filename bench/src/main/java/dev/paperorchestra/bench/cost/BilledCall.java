package dev.paperorchestra.bench.cost;

/**
 * One call as the stand-in model server billed it.
 *
 * @param inputTokens       every input token, the cached ones included
 * @param cachedInputTokens of them, read from the prompt cache
 */
public record BilledCall(String model, long inputTokens, long cachedInputTokens, long outputTokens) {
}
