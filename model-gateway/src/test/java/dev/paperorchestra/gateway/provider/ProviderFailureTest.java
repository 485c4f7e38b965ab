package dev.paperorchestra.gateway.provider;

import static org.assertj.core.api.Assertions.assertThat;

import dev.langchain4j.exception.RateLimitException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ConnectException;
import java.net.http.HttpTimeoutException;
import java.time.Duration;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

class ProviderFailureTest {

    @Test
    void a_rate_limit_wrapped_by_langchain4j_keeps_the_providers_retry_after() {
        var failure = ProviderFailure.classify(new RateLimitException(
                new ProviderHttpException(429, "{\"error\":\"slow down\"}", Duration.ofSeconds(3))));

        assertThat(failure).isInstanceOfSatisfying(ProviderFailure.Retriable.class, retriable -> {
            assertThat(retriable.kind()).isEqualTo("rate-limit");
            assertThat(retriable.retryAfter()).contains(Duration.ofSeconds(3));
        });
    }

    @Test
    void server_errors_and_refused_connections_are_retriable() {
        assertThat(ProviderFailure.classify(new ProviderHttpException(503, "down", null)))
                .isInstanceOf(ProviderFailure.Retriable.class);
        assertThat(ProviderFailure.classify(new UncheckedIOException(new ConnectException("refused"))))
                .isInstanceOfSatisfying(ProviderFailure.Retriable.class,
                        retriable -> assertThat(retriable.reason()).isEqualTo("connection refused"));
    }

    @Test
    void every_retriable_kind_is_one_the_retry_counters_are_registered_for() {
        var failures = Stream.of(new ProviderHttpException(429, "slow", null),
                new ProviderHttpException(500, "down", null), new ProviderHttpException(408, "late", null),
                new HttpTimeoutException("late"), new ConnectException("refused"),
                new UncheckedIOException(new IOException("reset")));

        assertThat(failures.map(ProviderFailure::classify))
                .allMatch(ProviderFailure.Retriable.class::isInstance)
                .extracting(failure -> ((ProviderFailure.Retriable) failure).kind())
                .containsOnlyElementsOf(ProviderFailure.RETRIABLE_KINDS)
                .containsAll(ProviderFailure.RETRIABLE_KINDS);
    }

    @Test
    void refused_keys_unknown_models_and_bad_requests_are_permanent() {
        assertThat(ProviderFailure.classify(new ProviderHttpException(401, "bad key", null)).reason())
                .contains("HTTP 401").contains("API key was refused");
        assertThat(ProviderFailure.classify(new ProviderHttpException(404, "no such model", null)).reason())
                .contains("unknown model");
        assertThat(ProviderFailure.classify(new ProviderHttpException(400, "bad request", null)))
                .isInstanceOf(ProviderFailure.Permanent.class);
    }

    @Test
    void long_error_bodies_are_shortened() {
        String reason = ProviderFailure.classify(new ProviderHttpException(400, "x".repeat(5000), null)).reason();

        assertThat(reason.length()).isLessThan(ProviderFailure.BODY_SHOWN + 40);
    }
}
