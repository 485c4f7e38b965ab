package dev.paperorchestra.bench.cost;

/**
 * One call as the stand-in model server billed it.
 *
 * @param inputTokens       every input token, the cached ones included
 * @param cachedInputTokens of them, read from the prompt cache
 * @param batch             true when it was an item of a batch (priced at the batch rate), false for a
 *                          synchronous call
 */
public record BilledCall(String model, long inputTokens, long cachedInputTokens, long outputTokens, boolean batch) {

    /** A synchronous call. */
    public BilledCall(String model, long inputTokens, long cachedInputTokens, long outputTokens) {
        this(model, inputTokens, cachedInputTokens, outputTokens, false);
    }
}
