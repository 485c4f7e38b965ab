package dev.paperorchestra.base.http;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class RetryAfterTest {

    private static final Instant NOW = Instant.parse("2026-11-22T10:00:00Z");

    @Test
    void reads_retry_after_given_in_seconds() {
        assertThat(RetryAfter.parse("7", NOW)).contains(Duration.ofSeconds(7));
        assertThat(RetryAfter.parse("1.5", NOW)).contains(Duration.ofMillis(1500));
    }

    @Test
    void reads_retry_after_given_as_an_http_date() {
        assertThat(RetryAfter.parse("Sun, 22 Nov 2026 10:00:30 GMT", NOW)).contains(Duration.ofSeconds(30));
        assertThat(RetryAfter.parse("Sun, 22 Nov 2026 09:59:00 GMT", NOW)).contains(Duration.ZERO);
    }

    @Test
    void ignores_a_missing_negative_or_unreadable_retry_after() {
        assertThat(RetryAfter.parse(null, NOW)).isEmpty();
        assertThat(RetryAfter.parse("soon", NOW)).isEmpty();
        assertThat(RetryAfter.parse("-3", NOW)).isEmpty();
    }
}
