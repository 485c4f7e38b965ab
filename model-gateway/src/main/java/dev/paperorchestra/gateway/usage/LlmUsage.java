package dev.paperorchestra.gateway.usage;

/**
 * One model call as accounted: paid, or served from the response cache (then tokens and cost are 0).
 *
 * @param role              lower-case role name
 * @param inputTokens       every input token billed, the cached ones included
 * @param cachedInputTokens the part of {@code inputTokens} the provider read from its prompt cache
 * @param cacheWriteInputTokens the part of {@code inputTokens} the provider wrote to its prompt cache
 * @param batch             the call went through the provider's batch API
 */
public record LlmUsage(String paperId, String agent, String role, String provider, String model, long inputTokens,
        long cachedInputTokens, long cacheWriteInputTokens, long outputTokens, double costUsd, boolean cached,
        boolean batch) {

    public LlmUsage {
        if (cachedInputTokens < 0 || cachedInputTokens > inputTokens) {
            throw new IllegalArgumentException("cached input tokens " + cachedInputTokens
                    + " outside 0.." + inputTokens);
        }
        if (cacheWriteInputTokens < 0 || cacheWriteInputTokens > inputTokens - cachedInputTokens) {
            throw new IllegalArgumentException("cache-write input tokens " + cacheWriteInputTokens
                    + " outside 0.." + (inputTokens - cachedInputTokens));
        }
    }

    /** A call with no prompt-cache writes. */
    public LlmUsage(String paperId, String agent, String role, String provider, String model, long inputTokens,
            long cachedInputTokens, long outputTokens, double costUsd, boolean cached, boolean batch) {
        this(paperId, agent, role, provider, model, inputTokens, cachedInputTokens, 0, outputTokens, costUsd,
                cached, batch);
    }

    /** A synchronous call with no prompt-cache reads. */
    public LlmUsage(String paperId, String agent, String role, String provider, String model, long inputTokens,
            long outputTokens, double costUsd, boolean cached) {
        this(paperId, agent, role, provider, model, inputTokens, 0, 0, outputTokens, costUsd, cached, false);
    }

    public long tokens() {
        return inputTokens + outputTokens;
    }

    /** Input not read from the provider's prompt cache: the fresh input and the cache writes. */
    public long uncachedInputTokens() {
        return inputTokens - cachedInputTokens;
    }
}
