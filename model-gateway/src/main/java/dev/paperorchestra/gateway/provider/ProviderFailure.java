package dev.paperorchestra.gateway.provider;

import dev.langchain4j.exception.HttpException;
import dev.langchain4j.exception.TimeoutException;
import dev.paperorchestra.base.redaction.Redaction;
import java.io.UncheckedIOException;
import java.net.ConnectException;
import java.net.http.HttpTimeoutException;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * What went wrong in a provider call, classified once for the whole gateway: a rate limit, a server error, a
 * timeout or a refused connection may pass (retriable); a rejected key, an unknown model or an invalid request
 * will not (permanent).
 */
public sealed interface ProviderFailure {

    /** Human-readable cause, safe for logs and paper-status: status and the provider's message, no request. */
    String reason();

    /** A failure worth retrying; {@code retryAfter} is the wait the provider asked for, when it did. */
    record Retriable(String reason, String kind, @Nullable Duration retryAfterHint) implements ProviderFailure {

        public Optional<Duration> retryAfter() {
            return Optional.ofNullable(retryAfterHint);
        }
    }

    record Permanent(String reason) implements ProviderFailure {
    }

    int BODY_SHOWN = 300;

    /** Every {@link Retriable#kind()} {@link #classify} gives. */
    List<String> RETRIABLE_KINDS = List.of("rate-limit", "server-error", "timeout", "connection");

    static ProviderFailure classify(Throwable error) {
        HttpException http = find(error, HttpException.class);
        if (http != null) {
            int status = http.statusCode();
            String reason = "HTTP " + status + " " + shorten(http.getMessage());
            Duration retryAfter = http instanceof ProviderHttpException p ? p.retryAfter().orElse(null) : null;
            if (status == 429) {
                return new Retriable(reason, "rate-limit", retryAfter);
            }
            if (status >= 500 || status == 408) {
                return new Retriable(reason, "server-error", retryAfter);
            }
            if (status == 401 || status == 403) {
                return new Permanent(reason + " (the API key was refused: check the provider's key)");
            }
            if (status == 404) {
                return new Permanent(reason + " (unknown model or wrong base URL)");
            }
            return new Permanent(reason);
        }
        if (find(error, TimeoutException.class) != null || find(error, HttpTimeoutException.class) != null) {
            return new Retriable("timed out", "timeout", null);
        }
        if (find(error, ConnectException.class) != null) {
            return new Retriable("connection refused", "connection", null);
        }
        if (find(error, UncheckedIOException.class) != null || find(error, java.io.IOException.class) != null) {
            return new Retriable("I/O error: " + shorten(String.valueOf(rootMessage(error))), "connection", null);
        }
        return new Permanent(error.getClass().getSimpleName() + ": " + shorten(String.valueOf(rootMessage(error))));
    }

    private static <T extends Throwable> @Nullable T find(Throwable error, Class<T> type) {
        for (Throwable t = error; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (type.isInstance(t)) {
                return type.cast(t);
            }
        }
        return null;
    }

    private static @Nullable String rootMessage(Throwable error) {
        Throwable root = error;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        return root.getMessage() != null ? root.getMessage() : error.getMessage();
    }

    private static String shorten(@Nullable String text) {
        if (text == null) {
            return "";
        }
        String flat = Redaction.redact(text).replaceAll("\\s+", " ").strip();
        return flat.length() <= BODY_SHOWN ? flat : flat.substring(0, BODY_SHOWN) + "...";
    }
}
