package dev.paperorchestra.bench.simulate;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The requests a stub answered, by content (method, target and body): how the chaos suite and the resume test
 * tell whether a Semantic Scholar look-up or a paid model call was made twice. Requests answered 429 are not
 * recorded: the caller is expected to send them again.
 */
final class RequestLedger {

    /** What a request is called in {@link #repeated()}: its method and target, and the start of its body. */
    private static final int LABEL_BODY_CHARS = 160;

    private final ConcurrentHashMap<String, Integer> answered = new ConcurrentHashMap<>();
    private final ConcurrentHashMap<String, String> labels = new ConcurrentHashMap<>();

    void answered(String method, String target, byte[] body) {
        MessageDigest sha;
        try {
            sha = MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JVM has SHA-256", e);
        }
        sha.update((method + ' ' + target + '\n').getBytes(StandardCharsets.UTF_8));
        sha.update(body);
        String digest = HexFormat.of().formatHex(sha.digest());
        labels.computeIfAbsent(digest, ignored -> label(method, target, body));
        answered.merge(digest, 1, Integer::sum);
    }

    /** Every request answered more than once, as "N x METHOD target body...". */
    List<String> repeated() {
        return answered.entrySet().stream().filter(e -> e.getValue() > 1).sorted(Map.Entry.comparingByKey())
                .map(e -> e.getValue() + " x " + labels.get(e.getKey())).toList();
    }

    private static String label(String method, String target, byte[] body) {
        String text = new String(body, StandardCharsets.UTF_8).replaceAll("\\s+", " ").strip();
        String start = text.length() > LABEL_BODY_CHARS ? text.substring(0, LABEL_BODY_CHARS) + "..." : text;
        return (method + " " + target + " " + start).strip();
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
