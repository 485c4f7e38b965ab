package dev.paperorchestra.runtime.llm.usage;

/**
 * One model call as accounted: paid, or served from the cache (then tokens and cost are 0).
 *
 * @param role lower-case role name
 */
public record LlmUsage(String paperId, String agent, String role, String provider, String model, long inputTokens,
        long outputTokens, double costUsd, boolean cached) {

    public long tokens() {
        return inputTokens + outputTokens;
    }
}
