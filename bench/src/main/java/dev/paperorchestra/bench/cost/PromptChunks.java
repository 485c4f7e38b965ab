package dev.paperorchestra.bench.cost;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;

/**
 * A prompt as the providers' prefix caches see it: its tokens in 128-token chunks, each chunk named by a hash
 * chained over every chunk before it, so two prompts share chunk {@code k}'s hash exactly when their first
 * {@code k + 1} chunks are the same. Tokens are the stand-in's approximation, four characters each (the
 * scripted model bills {@code prompt_tokens} the same way); a trailing part chunk is never a cache unit.
 *
 * @param tokens the prompt's tokens
 * @param chain  one hash per complete chunk, in order (16 hex digits each)
 */
public record PromptChunks(long tokens, List<String> chain) {

    /** The providers' cache granularity (OpenAI: cache hits grow in 128-token steps). */
    public static final int CHUNK_TOKENS = 128;
    /** The shortest prompt (and the shortest cached prefix) a provider caches. */
    public static final int MIN_CACHED_TOKENS = 1024;
    /** The stand-in's token approximation. */
    public static final int CHARS_PER_TOKEN = 4;

    public PromptChunks {
        chain = List.copyOf(chain);
    }

    public static PromptChunks of(String prompt) {
        int chunkChars = CHUNK_TOKENS * CHARS_PER_TOKEN;
        List<String> chain = new ArrayList<>();
        MessageDigest sha = sha256();
        byte[] previous = new byte[0];
        for (int end = chunkChars; end <= prompt.length(); end += chunkChars) {
            sha.update(previous);
            sha.update(prompt.substring(end - chunkChars, end).getBytes(StandardCharsets.UTF_8));
            previous = sha.digest();
            chain.add(HexFormat.of().formatHex(previous, 0, 8));
        }
        return new PromptChunks(prompt.length() / CHARS_PER_TOKEN, chain);
    }

    private static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JVM has SHA-256", e);
        }
    }
}
