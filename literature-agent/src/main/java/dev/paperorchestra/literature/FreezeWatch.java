package dev.paperorchestra.literature;

import dev.paperorchestra.base.errors.RetriableException;
import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Notices that this whole process stood still (SIGSTOP, a long stop-the-world pause, a suspended VM) for longer
 * than the verifier group's session timeout while a poll was being verified. The group has then given the
 * single citation-verify-requests partition to a standby, which verifies the same poll again; a thawed verifier
 * that carried on would spend the deployment's one Semantic Scholar budget on look-ups the standby makes too,
 * and its transaction would be refused at the end anyway. So every request to the service passes
 * {@link #checkPoll()} first, which hands the poll back to Kafka instead.
 * <p>
 * A daemon thread ticks every quarter second: a gap between two ticks longer than the timeout, or no tick for
 * that long at the moment of asking (the thread has not run since the thaw), is a freeze. The heartbeat thread
 * of the consumer stood still just as long, so such a freeze is the one that costs the partition.
 */
final class FreezeWatch implements AutoCloseable {

    static final Duration TICK = Duration.ofMillis(250);
    private static final Logger log = LoggerFactory.getLogger(FreezeWatch.class);

    private final long thresholdNanos;
    private final LongSupplier nanoTime;
    private final @Nullable ScheduledExecutorService ticker;
    private volatile long lastTick;
    private volatile long lastFreezeEnd;
    private volatile long lastFreezeNanos;
    private volatile boolean frozenOnce;
    private volatile long pollStart;

    /** A watch that ticks only when {@link #tick()} is called (for tests). */
    FreezeWatch(Duration threshold, LongSupplier nanoTime) {
        this(threshold, nanoTime, false);
    }

    private FreezeWatch(Duration threshold, LongSupplier nanoTime, boolean ticking) {
        if (threshold.isNegative() || threshold.isZero()) {
            throw new IllegalArgumentException("a freeze threshold must be positive, was " + threshold);
        }
        this.thresholdNanos = threshold.toNanos();
        this.nanoTime = nanoTime;
        this.lastTick = nanoTime.getAsLong();
        this.pollStart = lastTick;
        this.ticker = ticking ? startTicking() : null;
    }

    private ScheduledExecutorService startTicking() {
        ScheduledExecutorService executor = Executors.newSingleThreadScheduledExecutor(
                Thread.ofPlatform().daemon().name("verifier-freeze-watch").factory());
        executor.scheduleWithFixedDelay(this::tick, TICK.toMillis(), TICK.toMillis(), TimeUnit.MILLISECONDS);
        return executor;
    }

    /** A watch on the monotonic clock with its own ticking thread. */
    static FreezeWatch started(Duration threshold) {
        return new FreezeWatch(threshold, System::nanoTime, true);
    }

    /** One tick: a gap since the last one longer than the threshold was a freeze that ended now. */
    void tick() {
        long now = nanoTime.getAsLong();
        long gap = now - lastTick;
        if (gap > thresholdNanos) {
            lastFreezeNanos = gap;
            lastFreezeEnd = now;
            frozenOnce = true;
            log.warn("the process stood still for {} ms, longer than the verifier's session timeout ({} ms)",
                    gap / 1_000_000, thresholdNanos / 1_000_000);
        }
        lastTick = now;
    }

    /** Marks the start of a poll's verification (the verifier thread calls it). */
    void pollStarted() {
        pollStart = nanoTime.getAsLong();
    }

    /**
     * Passes when the process has not stood still for longer than the threshold since the poll began.
     *
     * @throws RetriableException otherwise: the poll goes back to Kafka, whose group has most likely given it to
     *         a standby already
     */
    void checkPoll() {
        long sinceTick = nanoTime.getAsLong() - lastTick;
        long frozen = sinceTick > thresholdNanos ? sinceTick
                : frozenOnce && lastFreezeEnd - pollStart > 0 ? lastFreezeNanos : 0;
        if (frozen > 0) {
            throw new RetriableException("the verifier stood still for " + frozen / 1_000_000 + " ms during this "
                    + "poll, longer than its session timeout (" + thresholdNanos / 1_000_000 + " ms): a standby "
                    + "holds the poll now, so it is handed back without a further Semantic Scholar request");
        }
    }

    @Override
    public void close() {
        if (ticker != null) {
            ticker.shutdownNow();
        }
    }
}
