package dev.paperorchestra.gateway.core;

import dev.paperorchestra.base.errors.AgentException;
import dev.paperorchestra.base.errors.PermanentException;
import dev.paperorchestra.base.errors.RetriableException;
import dev.paperorchestra.base.http.Sleeper;
import dev.paperorchestra.gateway.LlmProperties.Retry;
import dev.paperorchestra.gateway.provider.ProviderFailure;
import java.time.Duration;
import java.util.function.DoubleSupplier;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Retries a provider call in place: a rate limit, server error, timeout or refused connection is tried again
 * after the provider's {@code Retry-After}, else after an exponential back-off with jitter. What cannot pass
 * fails at once as a {@link PermanentException}; what still fails after the last attempt becomes a
 * {@link RetriableException}, so Kafka redelivers the whole stage later (and the cache keeps what was paid).
 */
final class RetryPolicy {

    /** Told of each retry, for metrics. */
    @FunctionalInterface
    interface RetryListener {
        void retrying(String kind);
    }

    private static final Logger log = LoggerFactory.getLogger(RetryPolicy.class);

    private final Retry settings;
    private final Sleeper sleeper;
    private final DoubleSupplier random;

    RetryPolicy(Retry settings, Sleeper sleeper, DoubleSupplier random) {
        this.settings = settings;
        this.sleeper = sleeper;
        this.random = random;
    }

    <T> T run(String what, RetryListener listener, Supplier<T> call) {
        for (int attempt = 1; ; attempt++) {
            ProviderFailure failure;
            try {
                return call.get();
            } catch (AgentException e) {
                throw e;
            } catch (RuntimeException e) {
                failure = ProviderFailure.classify(e);
                if (failure instanceof ProviderFailure.Permanent permanent) {
                    throw new PermanentException(what + " failed: " + permanent.reason(), e);
                }
            }
            ProviderFailure.Retriable retriable = (ProviderFailure.Retriable) failure;
            if (attempt >= settings.maxAttempts()) {
                throw new RetriableException(what + " still failing after " + attempt + " attempt(s): "
                        + retriable.reason());
            }
            Duration wait = retriable.retryAfter().orElse(backoff(attempt - 1));
            if (wait.compareTo(settings.maxRetryAfter()) > 0) {
                throw new RetriableException(what + " asked to wait " + wait.toSeconds() + " s (" + retriable.reason()
                        + "), longer than po.llm.retry.max-retry-after; the stage will be redelivered");
            }
            log.warn("{}: {}; retry {} of {} in {} ms", what, retriable.reason(), attempt,
                    settings.maxAttempts() - 1, wait.toMillis());
            listener.retrying(retriable.kind());
            try {
                sleeper.sleep(wait);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new RetriableException(what + " interrupted while waiting to retry", e);
            }
        }
    }

    /** initial * 2^n, capped, then moved up or down by the jitter share at random. */
    Duration backoff(int retryIndex) {
        double base = settings.initialBackoff().toMillis() * Math.pow(2, Math.min(retryIndex, 30));
        double capped = Math.min(base, settings.maxBackoff().toMillis());
        double factor = 1 + settings.jitter() * (2 * random.getAsDouble() - 1);
        return Duration.ofMillis(Math.max(0, Math.round(capped * factor)));
    }
}
