package dev.paperorchestra.bench.cost;

/**
 * One call as the stand-in model server billed it.
 *
 * @param inputTokens           every input token, the cached ones and the cache writes included
 * @param cachedInputTokens     of them, read from the prompt cache
 * @param cacheWriteInputTokens of them, written to the prompt cache (Anthropic's breakpoints only)
 * @param batch                 true when it was an item of a batch (priced at the batch rate), false for a
 *                              synchronous call
 */
public record BilledCall(String model, long inputTokens, long cachedInputTokens, long cacheWriteInputTokens,
        long outputTokens, boolean batch) {

    /** A call with no prompt-cache writes. */
    public BilledCall(String model, long inputTokens, long cachedInputTokens, long outputTokens, boolean batch) {
        this(model, inputTokens, cachedInputTokens, 0, outputTokens, batch);
    }

    /** A synchronous call with no prompt-cache writes. */
    public BilledCall(String model, long inputTokens, long cachedInputTokens, long outputTokens) {
        this(model, inputTokens, cachedInputTokens, 0, outputTokens, false);
    }
}
