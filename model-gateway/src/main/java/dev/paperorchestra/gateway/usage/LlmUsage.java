package dev.paperorchestra.gateway.usage;

/**
 * One model call as accounted: paid, or served from the response cache (then tokens and cost are 0).
 *
 * @param role              lower-case role name
 * @param inputTokens       every input token billed, the cached ones included
 * @param cachedInputTokens the part of {@code inputTokens} the provider read from its prompt cache
 * @param batch             the call went through the provider's batch API
 */
public record LlmUsage(String paperId, String agent, String role, String provider, String model, long inputTokens,
        long cachedInputTokens, long outputTokens, double costUsd, boolean cached, boolean batch) {

    public LlmUsage {
        if (cachedInputTokens < 0 || cachedInputTokens > inputTokens) {
            throw new IllegalArgumentException("cached input tokens " + cachedInputTokens
                    + " outside 0.." + inputTokens);
        }
    }

    /** A synchronous call with no prompt-cache reads. */
    public LlmUsage(String paperId, String agent, String role, String provider, String model, long inputTokens,
            long outputTokens, double costUsd, boolean cached) {
        this(paperId, agent, role, provider, model, inputTokens, 0, outputTokens, costUsd, cached, false);
    }

    public long tokens() {
        return inputTokens + outputTokens;
    }

    public long uncachedInputTokens() {
        return inputTokens - cachedInputTokens;
    }
}
