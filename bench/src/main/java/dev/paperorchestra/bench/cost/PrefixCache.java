package dev.paperorchestra.bench.cost;

import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The chunks each model has seen, in the order the calls arrived: how much of a new prompt's start an earlier
 * call of the same model already sent. One instance per stand-in server (its cache) or per measurement.
 * A prefix is never evicted: the providers keep one for minutes, and a run's calls of one paper follow
 * each other closely, so the figure is an upper bound of what a provider reads from its cache.
 */
public final class PrefixCache {

    private final Map<String, Set<String>> seen = new ConcurrentHashMap<>();

    /**
     * Records {@code prompt} for {@code model} and returns how many of its tokens, in whole chunks from its start,
     * an earlier call of the model sent the same.
     */
    public long shared(String model, PromptChunks prompt) {
        Set<String> chunks = seen.computeIfAbsent(model, ignored -> new HashSet<>());
        synchronized (chunks) {
            List<String> chain = prompt.chain();
            int matched = 0;
            while (matched < chain.size() && chunks.contains(chain.get(matched))) {
                matched++;
            }
            chunks.addAll(chain);
            return (long) matched * PromptChunks.CHUNK_TOKENS;
        }
    }

    /**
     * OpenAI's {@code prompt_tokens_details.cached_tokens} for the prompt: the shared prefix when the prompt has
     * at least 1,024 tokens and the shared part does too, else 0.
     */
    public long cachedTokens(String model, PromptChunks prompt) {
        long shared = shared(model, prompt);
        return prompt.tokens() >= PromptChunks.MIN_CACHED_TOKENS && shared >= PromptChunks.MIN_CACHED_TOKENS
                ? Math.min(shared, prompt.tokens()) : 0;
    }
}
