package dev.paperorchestra.base.http;

import java.time.Duration;
import java.time.Instant;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * Reads an HTTP {@code Retry-After} header, as delay-seconds or an HTTP date, for every outside client that
 * waits as long as a server asks (the LLM gateway, the Semantic Scholar client).
 */
public final class RetryAfter {

    private RetryAfter() {
    }

    /** The wait asked for; empty when the header is absent, negative or unreadable. */
    public static Optional<Duration> parse(@Nullable String header, Instant now) {
        if (header == null || header.isBlank()) {
            return Optional.empty();
        }
        String value = header.strip();
        try {
            double seconds = Double.parseDouble(value);
            return seconds < 0 ? Optional.empty() : Optional.of(Duration.ofMillis(Math.round(seconds * 1000)));
        } catch (NumberFormatException notSeconds) {
            try {
                Instant at = ZonedDateTime.parse(value, DateTimeFormatter.RFC_1123_DATE_TIME).toInstant();
                return Optional.of(at.isAfter(now) ? Duration.between(now, at) : Duration.ZERO);
            } catch (DateTimeParseException notDate) {
                return Optional.empty();
            }
        }
    }
}
