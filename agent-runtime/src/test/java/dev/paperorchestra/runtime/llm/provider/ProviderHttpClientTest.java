package dev.paperorchestra.runtime.llm.provider;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class ProviderHttpClientTest {

    private static final Instant NOW = Instant.parse("2026-11-22T10:00:00Z");

    @Test
    void reads_retry_after_given_in_seconds() {
        assertThat(ProviderHttpClient.retryAfter("7", NOW)).isEqualTo(Duration.ofSeconds(7));
        assertThat(ProviderHttpClient.retryAfter("1.5", NOW)).isEqualTo(Duration.ofMillis(1500));
    }

    @Test
    void reads_retry_after_given_as_an_http_date() {
        assertThat(ProviderHttpClient.retryAfter("Sun, 22 Nov 2026 10:00:30 GMT", NOW))
                .isEqualTo(Duration.ofSeconds(30));
        assertThat(ProviderHttpClient.retryAfter("Sun, 22 Nov 2026 09:59:00 GMT", NOW)).isEqualTo(Duration.ZERO);
    }

    @Test
    void ignores_a_missing_or_unreadable_retry_after() {
        assertThat(ProviderHttpClient.retryAfter(null, NOW)).isNull();
        assertThat(ProviderHttpClient.retryAfter("soon", NOW)).isNull();
        assertThat(ProviderHttpClient.retryAfter("-3", NOW)).isNull();
    }
}
