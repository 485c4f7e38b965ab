package dev.paperorchestra.cli.simulate;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The requests a stub answered, by content (method, target and body): how the chaos suite and the resume test
 * tell whether a Semantic Scholar look-up or a paid model call was made twice. Requests answered 429 are not
 * recorded: the caller is expected to send them again.
 */
final class RequestLedger {

    private final ConcurrentHashMap<String, Integer> answered = new ConcurrentHashMap<>();

    void answered(String method, String target, byte[] body) {
        MessageDigest sha;
        try {
            sha = MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JVM has SHA-256", e);
        }
        sha.update((method + ' ' + target + '\n').getBytes(StandardCharsets.UTF_8));
        sha.update(body);
        answered.merge(HexFormat.of().formatHex(sha.digest()), 1, Integer::sum);
    }

    /** Requests answered, repeats included. */
    long answers() {
        return answered.values().stream().mapToLong(Integer::longValue).sum();
    }

    /** Answers to a request already answered before: every one of them a look-up or a paid call made twice. */
    long repeats() {
        return answered.values().stream().mapToLong(n -> n - 1L).sum();
    }
}
