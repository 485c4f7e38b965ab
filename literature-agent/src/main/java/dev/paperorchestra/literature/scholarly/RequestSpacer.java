package dev.paperorchestra.literature.scholarly;

import dev.paperorchestra.base.errors.RetriableException;
import dev.paperorchestra.base.http.Sleeper;
import io.github.resilience4j.ratelimiter.RateLimiter;
import io.github.resilience4j.ratelimiter.RateLimiterConfig;
import java.time.Duration;
import java.util.function.LongSupplier;

/**
 * Spaces every request to the scholarly service by at least the configured interval, as the service sees
 * them. A Resilience4j rate limiter grants one permit per interval; because it refreshes permits at fixed
 * cycle boundaries, a permit taken at the end of one cycle and the next at the start of the following cycle
 * could be moments apart, so the spacer also waits until the interval has passed since the previous request
 * was answered. Counting from the answer rather than the send keeps network jitter from bringing two
 * arrivals closer than the interval. An admission check, run once a request may go, can still refuse it (the
 * verifier's: not after its process stood still long enough to lose its partition).
 */
public final class RequestSpacer {

    /** How long a request may queue for its permit before the record is given back to Kafka. */
    private static final Duration MAX_QUEUE = Duration.ofMinutes(5);

    private final RateLimiter limiter;
    private final long spacingNanos;
    private final LongSupplier nanoTime;
    private final Sleeper sleeper;
    private final Runnable admission;
    private long lastAnswered;
    private boolean answeredOnce;

    public RequestSpacer(String name, Duration spacing, LongSupplier nanoTime, Sleeper sleeper) {
        this(name, spacing, nanoTime, sleeper, () -> { });
    }

    /**
     * @param admission run once the spacing allows a request, just before {@link #acquire()} returns; it refuses
     *                  the request by throwing (a {@link RetriableException} gives the caller's record back)
     */
    public RequestSpacer(String name, Duration spacing, LongSupplier nanoTime, Sleeper sleeper, Runnable admission) {
        this.admission = admission;
        this.limiter = RateLimiter.of(name, RateLimiterConfig.custom().limitForPeriod(1)
                .limitRefreshPeriod(spacing).timeoutDuration(MAX_QUEUE).build());
        this.spacingNanos = spacing.toNanos();
        this.nanoTime = nanoTime;
        this.sleeper = sleeper;
    }

    public static RequestSpacer system(String name, Duration spacing) {
        return new RequestSpacer(name, spacing, System::nanoTime, Sleeper.SYSTEM);
    }

    /** On the system clock, with an admission check (see the constructor). */
    public static RequestSpacer system(String name, Duration spacing, Runnable admission) {
        return new RequestSpacer(name, spacing, System::nanoTime, Sleeper.SYSTEM, admission);
    }

    /**
     * Blocks until the next request may be sent. Call {@link #answered()} when its answer (or failure) is in.
     *
     * @throws RetriableException when no permit comes in time, or the admission check refuses the request
     */
    public synchronized void acquire() {
        if (!limiter.acquirePermission()) {
            throw new RetriableException("no scholarly request permit within " + MAX_QUEUE
                    + "; the verification batch will be redelivered");
        }
        long since = nanoTime.getAsLong() - lastAnswered;
        if (answeredOnce && since < spacingNanos) {
            try {
                sleeper.sleep(Duration.ofNanos(spacingNanos - since));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new RetriableException("interrupted while spacing scholarly requests", e);
            }
        }
        admission.run();
    }

    /** Marks the end of the request the last {@link #acquire()} admitted. */
    public synchronized void answered() {
        lastAnswered = nanoTime.getAsLong();
        answeredOnce = true;
    }

    public Duration spacing() {
        return Duration.ofNanos(spacingNanos);
    }
}
