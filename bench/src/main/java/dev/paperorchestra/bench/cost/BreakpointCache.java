package dev.paperorchestra.bench.cost;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Anthropic's prompt cache as its documentation describes it: a prefix is cached only up to a block marked
 * {@code cache_control}, and only when it holds at least 1,024 tokens. A request reads the longest marked prefix
 * an earlier request of the same model wrote ({@code cache_read_input_tokens}) and writes the longest marked
 * prefix beyond it ({@code cache_creation_input_tokens}); the rest is {@code input_tokens}. The 20-block
 * look-back and the five-minute lifetime are left out: the stand-in never evicts.
 */
public final class BreakpointCache {

    /** What a request read from and wrote to the cache, in tokens. */
    public record Use(long read, long written) {
    }

    private final Map<String, Set<String>> written = new ConcurrentHashMap<>();

    /**
     * @param prompt      the prompt's text in Anthropic's order (system, then the messages)
     * @param breakpoints the character offsets where a block marked {@code cache_control} ends
     */
    public Use use(String model, String prompt, List<Integer> breakpoints) {
        Set<String> prefixes = written.computeIfAbsent(model, ignored -> new HashSet<>());
        long read = 0;
        long write = 0;
        synchronized (prefixes) {
            for (int end : breakpoints.stream().sorted().toList()) {
                long tokens = end / PromptChunks.CHARS_PER_TOKEN;
                if (tokens < PromptChunks.MIN_CACHED_TOKENS) {
                    continue;
                }
                String key = digest(prompt.substring(0, end));
                if (prefixes.contains(key)) {
                    read = tokens;
                } else {
                    prefixes.add(key);
                    write = tokens;
                }
            }
        }
        return new Use(read, Math.max(0, write - read));
    }

    private static String digest(String text) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256")
                    .digest(text.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JVM has SHA-256", e);
        }
    }
}
