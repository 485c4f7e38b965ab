package dev.paperorchestra.runtime.tracing;

import io.micrometer.tracing.Span;
import io.micrometer.tracing.Tracer;
import io.micrometer.tracing.propagation.Propagator;
import java.nio.charset.StandardCharsets;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.header.Headers;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.jspecify.annotations.Nullable;

/**
 * W3C trace context ({@code traceparent}) in Kafka record headers for the hops spring-kafka's observation does
 * not cover: the Kafka Streams aggregations and the dead-letter recovery ({@link TraceParent} opens the trace
 * at the submitter). One paper is one trace: every
 * hop continues the trace its input record carries.
 */
public final class RecordTracing {

    /** No tracing: spans are no-ops and no header is written (unit tests, tracing switched off). */
    public static final RecordTracing NONE = new RecordTracing(Tracer.NOOP, Propagator.NOOP);

    private final Tracer tracer;
    private final Propagator propagator;

    public RecordTracing(Tracer tracer, Propagator propagator) {
        this.tracer = tracer;
        this.propagator = propagator;
    }

    /** Starts a span continuing the trace the headers carry; a new trace when they carry none. */
    public Span continueFrom(Headers headers, String name) {
        return propagator.extract(headers, RecordTracing::read).name(name).kind(Span.Kind.CONSUMER).start();
    }

    /** Headers carrying the span's context, for a record sent on the span's behalf. */
    public Headers headersOf(Span span) {
        Headers headers = new RecordHeaders();
        propagator.inject(span.context(), headers,
                (carrier, key, value) -> carrier.add(key, value.getBytes(StandardCharsets.UTF_8)));
        return headers;
    }

    /** Makes the span current on this thread (log lines, the status publisher and sends see it) until closed. */
    public Tracer.SpanInScope inScope(Span span) {
        return tracer.withSpan(span);
    }

    /** The trace id of the span current on this thread, or null when there is none. */
    public @Nullable String currentTraceId() {
        Span current = tracer.currentSpan();
        return current == null ? null : traceIdOf(current);
    }

    /** The span's trace id, or null for a no-op span. */
    public static @Nullable String traceIdOf(Span span) {
        String traceId = span.context().traceId();
        return traceId == null || traceId.isBlank() ? null : traceId;
    }

    private static @Nullable String read(Headers headers, String key) {
        Header header = headers.lastHeader(key);
        return header == null ? null : new String(header.value(), StandardCharsets.UTF_8);
    }
}
