package dev.paperorchestra.literature.scholarly;

import dev.paperorchestra.base.errors.RetriableException;
import dev.paperorchestra.base.http.RetryAfter;
import dev.paperorchestra.base.http.Sleeper;
import java.io.IOException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Clock;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BiConsumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Sends requests to one rate-limited service: every request waits for the spacer; 429 and 5xx answers and
 * transport failures are retried on the calling thread (re-queueing would break the spacing) after the
 * {@code Retry-After} delay or, when the service sends none (Semantic Scholar never does), an exponential
 * back-off. One request at a time, so the spacer measures from the answer of the request before.
 */
public final class PacedHttp {

    private static final Logger log = LoggerFactory.getLogger(PacedHttp.class);

    private final String service;
    private final HttpClient http;
    private final RequestSpacer spacer;
    private final Retry retry;
    private final Sleeper sleeper;
    private final Clock clock;
    private final BiConsumer<String, String> counter;
    private final AtomicLong requests = new AtomicLong();

    /**
     * @param service what the service is called in messages, e.g. "Semantic Scholar"
     * @param counter hears (endpoint, status or failure kind) for every attempt
     */
    public PacedHttp(String service, Duration connectTimeout, RequestSpacer spacer, Retry retry, Sleeper sleeper,
            Clock clock, BiConsumer<String, String> counter) {
        this.service = service;
        this.http = HttpClient.newBuilder().connectTimeout(connectTimeout).build();
        this.spacer = spacer;
        this.retry = retry;
        this.sleeper = sleeper;
        this.clock = clock;
        this.counter = counter;
    }

    /**
     * How failed attempts are repeated.
     *
     * @param maxAttempts  attempts of one request
     * @param backoff      first back-off when no Retry-After is given, doubled per attempt
     * @param maxBackoff   longest wait between attempts, Retry-After included
     */
    public record Retry(int maxAttempts, Duration backoff, Duration maxBackoff) {

        Duration pause(int attempt, Duration retryAfter) {
            Duration exponential = backoff.multipliedBy(1L << Math.min(attempt - 1, 16));
            Duration wait = retryAfter.compareTo(exponential) >= 0 ? retryAfter : exponential;
            return wait.compareTo(maxBackoff) <= 0 ? wait : maxBackoff;
        }
    }

    /** Requests sent so far, retries included. */
    public long requestsMade() {
        return requests.get();
    }

    /**
     * The first answer that is neither 429 nor 5xx.
     *
     * @throws RetriableException when every attempt failed (the caller's record is redelivered by Kafka)
     */
    public synchronized HttpResponse<String> send(String endpoint, HttpRequest request) {
        for (int attempt = 1; ; attempt++) {
            spacer.acquire();
            requests.incrementAndGet();
            Duration wait;
            String failure;
            try {
                HttpResponse<String> response;
                try {
                    response = http.send(request, HttpResponse.BodyHandlers.ofString());
                } finally {
                    spacer.answered();
                }
                int status = response.statusCode();
                counter.accept(endpoint, String.valueOf(status));
                if (status != 429 && status < 500) {
                    return response;
                }
                failure = "HTTP " + status;
                wait = RetryAfter.parse(response.headers().firstValue("Retry-After").orElse(null), clock.instant())
                        .orElse(Duration.ZERO);
            } catch (IOException e) {
                counter.accept(endpoint, "io-error");
                failure = e.getClass().getSimpleName();
                wait = Duration.ZERO;
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new RetriableException("interrupted during " + service + " " + endpoint + " request", e);
            }
            if (attempt >= retry.maxAttempts()) {
                throw new ServiceUnavailableException(service, service + " " + endpoint + " request failed "
                        + attempt + " times (last: " + failure + "); the record will be redelivered", failure);
            }
            Duration pause = retry.pause(attempt, wait);
            log.warn("{} {} answered {}; retry {} of {} in {} ms", service, endpoint, failure, attempt,
                    retry.maxAttempts() - 1, pause.toMillis());
            try {
                sleeper.sleep(pause);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new RetriableException("interrupted while backing off a " + service + " " + endpoint
                        + " request", e);
            }
        }
    }
}
