package dev.paperorchestra.runtime.streams;

import dev.paperorchestra.base.http.Sleeper;
import java.time.Duration;

/**
 * How an aggregation step that fails retriably is tried again: in place, on the stream thread, with the same
 * attempts and doubling back-off as a listener's redelivery ({@code po.kafka.delivery-attempts},
 * {@code po.kafka.retry-backoff}). In place, because a Streams processor cannot hand a record back to be
 * polled again without stopping its thread, and the steps here are short (they gather, join and decide).
 *
 * @param attempts     attempts of one record, the first included
 * @param firstBackoff wait before the second attempt; doubles each time
 * @param sleeper      how waiting is done (tests pass one that does not wait)
 */
public record Redelivery(int attempts, Duration firstBackoff, Sleeper sleeper) {

    public Redelivery {
        if (attempts < 1) {
            throw new IllegalArgumentException("at least one attempt, not " + attempts);
        }
    }

    /** The wait after the given failed attempt (1-based). */
    Duration backoffAfter(int attempt) {
        return firstBackoff.multipliedBy(1L << Math.min(attempt - 1, 16));
    }
}
