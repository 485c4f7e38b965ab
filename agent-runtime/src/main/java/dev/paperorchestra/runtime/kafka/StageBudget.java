package dev.paperorchestra.runtime.kafka;

import dev.paperorchestra.runtime.logging.PaperLogContext;
import io.micrometer.context.ContextSnapshotFactory;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * How long one attempt of this agent's stage may work on one paper ({@code po.kafka.stage-budget}), and
 * everything derived from it: {@code max.poll.interval.ms} of every listener and Streams consumer, and the
 * transaction timeouts. Unset, the budget is the worst case of one model request with all its retries
 * ({@code po.llm.timeout} × {@code po.llm.retry.max-attempts} plus the back-offs between them) plus the
 * agent's own allowances ({@link StageAllowance}: the writer's and refine's compiles); set, it may not be
 * shorter than that.
 * <p>
 * {@link #run} enforces it: work that outlasts the budget is interrupted and the paper fails with a
 * {@link StageBudgetExceededException}, so the papers behind it in the partition go on. Work that ignores the
 * interrupt keeps its worker thread until it returns on its own; its result is dropped, never published.
 */
public final class StageBudget implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(StageBudget.class);
    /** Carries the listener thread's observation (trace) context over to the worker. */
    private static final ContextSnapshotFactory CONTEXT = ContextSnapshotFactory.builder().build();
    /** Room between the budget and the consumer's poll deadline for what surrounds the work (publish, commit). */
    static final Duration POLL_MARGIN = Duration.ofMinutes(1);
    /**
     * The broker's default {@code transaction.max.timeout.ms}: a producer asking for more is refused. Listener
     * transactions begin at their first send, after the work, so they need far less than the budget.
     */
    public static final Duration BROKER_MAX_TRANSACTION_TIMEOUT = Duration.ofMinutes(15);

    private final Duration budget;
    private final String stage;
    private final ExecutorService workers;

    private StageBudget(Duration budget, String stage) {
        this.budget = budget;
        this.stage = stage;
        this.workers = Executors.newThreadPerTaskExecutor(Thread.ofPlatform().daemon().name(stage + "-work-", 0)
                .factory());
    }

    /**
     * @param configured   {@code po.kafka.stage-budget}, null to derive it
     * @param modelRequest the worst case of one model request with all its retries
     * @param allowances   the agent's other long steps
     * @throws IllegalStateException when a configured budget is shorter than what it must cover
     */
    public static StageBudget of(@Nullable Duration configured, Duration modelRequest, List<StageAllowance> allowances,
            String stage) {
        Duration needed = modelRequest;
        StringBuilder parts = new StringBuilder("one model request with its retries (" + modelRequest + ")");
        for (StageAllowance allowance : allowances) {
            needed = needed.plus(allowance.time());
            parts.append(" + ").append(allowance.what()).append(" (").append(allowance.time()).append(')');
        }
        if (configured == null) {
            return new StageBudget(needed, stage);
        }
        if (configured.compareTo(needed) < 0) {
            throw new IllegalStateException("po.kafka.stage-budget=" + configured + " is shorter than what one "
                    + "attempt of the " + stage + " stage must be allowed: " + parts + " = " + needed
                    + "; raise it or shorten po.llm.timeout / po.llm.retry.max-attempts");
        }
        return new StageBudget(configured, stage);
    }

    /**
     * The worst case of one model request: every attempt runs into the timeout and waits the longest back-off
     * before the next.
     */
    public static Duration modelRequest(Duration timeout, int maxAttempts, Duration maxBackoff) {
        return timeout.multipliedBy(maxAttempts).plus(maxBackoff.multipliedBy(Math.max(0, maxAttempts - 1)));
    }

    public Duration budget() {
        return budget;
    }

    /** {@code max.poll.interval.ms}: the budget and a margin, so a consumer is never evicted while in budget. */
    public Duration maxPollInterval() {
        return budget.plus(POLL_MARGIN);
    }

    /** {@code transaction.timeout.ms}: as long as a poll may last, within what the broker accepts. */
    public Duration transactionTimeout() {
        Duration wanted = maxPollInterval();
        return wanted.compareTo(BROKER_MAX_TRANSACTION_TIMEOUT) > 0 ? BROKER_MAX_TRANSACTION_TIMEOUT : wanted;
    }

    /**
     * Runs one paper's work within the budget. The work runs on a worker thread with the caller's logging and
     * observation context; the caller (the listener thread, which owns the Kafka transaction) waits for it.
     *
     * @throws StageBudgetExceededException when the work outlasts the budget; it is interrupted
     */
    public <T> T run(String paperId, Supplier<T> work) {
        var snapshot = CONTEXT.captureAll();
        Future<T> future = workers.submit(() -> {
            try (var paper = PaperLogContext.open(paperId); var scope = snapshot.setThreadLocals()) {
                return work.get();
            }
        });
        try {
            return future.get(budget.toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            future.cancel(true);
            log.error("paper {}: the {} stage is still working after its budget of {}; interrupted, the paper fails "
                    + "and the next record of the partition is taken", paperId, stage, budget);
            throw new StageBudgetExceededException("the " + stage + " stage did not finish paper " + paperId
                    + " within its budget of " + budget + " (po.kafka.stage-budget); stopped so that the papers "
                    + "behind it go on");
        } catch (ExecutionException e) {
            if (e.getCause() instanceof RuntimeException runtime) {
                throw runtime;
            }
            if (e.getCause() instanceof Error error) {
                throw error;
            }
            throw new IllegalStateException(e.getCause());
        } catch (InterruptedException e) {
            future.cancel(true);
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while the " + stage + " stage worked on paper " + paperId, e);
        }
    }

    @Override
    public void close() {
        workers.shutdownNow();
    }

    @Override
    public String toString() {
        return "StageBudget[" + stage + ": " + budget + ", max.poll.interval " + maxPollInterval()
                + ", transaction timeout " + transactionTimeout() + "]";
    }
}
