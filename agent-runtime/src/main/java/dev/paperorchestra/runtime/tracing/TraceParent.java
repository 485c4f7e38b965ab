package dev.paperorchestra.runtime.tracing;

import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.util.HexFormat;
import java.util.regex.Pattern;
import org.apache.kafka.common.header.Headers;

/**
 * A W3C trace context ({@code traceparent: 00-<trace id>-<parent span id>-<flags>}) for a submitter that has no
 * tracer of its own (the {@code po} command): it opens the paper's trace, and every agent continues it from
 * the header of the paper-requests record.
 *
 * @param traceId 32 lower-case hex digits, not all zero
 * @param spanId  16 lower-case hex digits, not all zero
 */
public record TraceParent(String traceId, String spanId) {

    public static final String HEADER = "traceparent";
    private static final Pattern TRACE_ID = Pattern.compile("[0-9a-f]{32}");
    private static final Pattern SPAN_ID = Pattern.compile("[0-9a-f]{16}");
    private static final SecureRandom RANDOM = new SecureRandom();

    public TraceParent {
        if (!TRACE_ID.matcher(traceId).matches() || traceId.chars().allMatch(c -> c == '0')) {
            throw new IllegalArgumentException("not a W3C trace id: " + traceId);
        }
        if (!SPAN_ID.matcher(spanId).matches() || spanId.chars().allMatch(c -> c == '0')) {
            throw new IllegalArgumentException("not a W3C span id: " + spanId);
        }
    }

    /** A new trace, sampled, with a random trace id and root span id. */
    public static TraceParent newTrace() {
        while (true) {
            try {
                return new TraceParent(randomHex(16), randomHex(8));
            } catch (IllegalArgumentException allZero) {
                // one chance in 2^64 or more: draw again
            }
        }
    }

    /** The header value, version 00 with the sampled flag. */
    public String value() {
        return "00-" + traceId + "-" + spanId + "-01";
    }

    /** Adds the header to a record's headers. */
    public Headers addTo(Headers headers) {
        return headers.add(HEADER, value().getBytes(StandardCharsets.UTF_8));
    }

    private static String randomHex(int bytes) {
        byte[] random = new byte[bytes];
        RANDOM.nextBytes(random);
        return HexFormat.of().formatHex(random);
    }
}
