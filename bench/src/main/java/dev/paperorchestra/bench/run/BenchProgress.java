package dev.paperorchestra.bench.run;

import java.io.PrintStream;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalLong;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;

/**
 * The console view of a bench run: done / failed / running / queued, an ETA, the Semantic Scholar queue and
 * requests, the offline replay's lookups apart from them (replayed work is not Semantic Scholar's), tokens and
 * cost. On a terminal one status line is redrawn in place and finished cases are printed
 * above it; elsewhere (CI logs, a pipe) every event is one plain line.
 */
public final class BenchProgress {

    private final PrintStream out;
    private final boolean terminal;
    private final Clock clock;
    private final Supplier<OptionalLong> scholarQueue;
    private final Instant started;
    private static final Duration QUEUE_REFRESH = Duration.ofSeconds(5);

    private final Map<String, String> running = new ConcurrentHashMap<>();
    private OptionalLong queue = OptionalLong.empty();
    private @Nullable Instant queueReadAt;
    private final boolean offline;
    private int total;
    private int done;
    private int incomplete;
    private int failed;
    private int finishedThisRun;
    private long scholarRequests;
    private long replayLookups;
    private long tokens;
    private double costUsd;

    public BenchProgress(PrintStream out, boolean terminal, Clock clock, Supplier<OptionalLong> scholarQueue) {
        this(out, terminal, clock, scholarQueue, false);
    }

    /** @param offline leave out the Semantic Scholar, token and cost fields, which are zero offline */
    public BenchProgress(PrintStream out, boolean terminal, Clock clock, Supplier<OptionalLong> scholarQueue,
            boolean offline) {
        this.offline = offline;
        this.out = out;
        this.terminal = terminal;
        this.clock = clock;
        this.scholarQueue = scholarQueue;
        this.started = clock.instant();
    }

    /** The run's size and the cases an earlier run already finished (left as they are). */
    public synchronized void begin(BenchPlan plan) {
        this.total = plan.digests().size();
        this.done = plan.previous().getOrDefault(CaseState.COMPLETE, 0);
        this.incomplete = plan.previous().getOrDefault(CaseState.INCOMPLETE, 0);
        this.failed = plan.previous().entrySet().stream().filter(e -> !e.getKey().written())
                .mapToInt(java.util.Map.Entry::getValue).sum();
        event(String.format(Locale.ROOT, "bench: %d cases; before this run %d complete, %d incomplete, %d failed; "
                + "%d to run", total, done, incomplete, failed, plan.todo().size()));
    }

    /** The case's materials or options differ from those of its recorded result: it runs again. */
    public synchronized void changed(String caseName, int attempt) {
        event(caseName + " changed since its last run (materials or options): running it again as attempt " + attempt);
    }

    public synchronized void started(String caseName, String paperId, boolean reattached) {
        running.put(caseName, reattached ? "re-attached" : "submitted");
        event(caseName + " " + (reattached ? "re-attached to " : "submitted as ") + paperId);
    }

    public void stage(String caseName, String stage) {
        running.put(caseName, stage);
        if (!terminal) {
            return; // a stage line per paper would drown a CI log; finishes and the status line say enough
        }
        redraw();
    }

    /** A case ended; {@code usage} adds what its summary says it spent. */
    public synchronized void finished(String caseName, CaseState state, String detail, BenchRunner.Usage usage) {
        running.remove(caseName);
        finishedThisRun++;
        if (state == CaseState.COMPLETE) {
            done++;
        } else if (state == CaseState.INCOMPLETE) {
            incomplete++;
        } else {
            failed++;
        }
        scholarRequests += usage.scholarRequests();
        replayLookups += usage.replayLookups();
        tokens += usage.tokens();
        costUsd += usage.costUsd();
        event(caseName + " " + state.label() + (detail.isEmpty() ? "" : ": " + detail));
        if (!terminal) {
            out.println(statusLine());
        }
    }

    public synchronized void redraw() {
        if (terminal) {
            out.print("\r\u001b[2K" + statusLine());
            out.flush();
        }
    }

    private void event(String line) {
        if (terminal) {
            out.print("\r\u001b[2K");
        }
        out.println(line);
        redraw();
    }

    synchronized String statusLine() {
        int active = running.size();
        int queued = Math.max(0, total - done - incomplete - failed - active);
        String counts = String.format(Locale.ROOT, "[%s] complete %d, incomplete %d, failed %d, running %d, "
                + "queued %d | ETA %s", format(Duration.between(started, clock.instant())), done, incomplete, failed,
                active, queued, eta(queued + active));
        if (offline) {
            // offline nothing asks Semantic Scholar or a model: those fields would only ever say zero
            return counts + String.format(Locale.ROOT, " | replay lookups %d", replayLookups);
        }
        OptionalLong queue = scholarQueue();
        return counts + String.format(Locale.ROOT, " | S2 queue %s, requests %d | replay lookups %d | tokens %d, "
                + "cost $%.4f", queue.isPresent() ? queue.getAsLong() : "?", scholarRequests, replayLookups, tokens,
                costUsd);
    }

    /** Reading the queue costs a few requests to the broker: at most once per refresh interval. */
    private OptionalLong scholarQueue() {
        Instant now = clock.instant();
        if (queueReadAt == null || Duration.between(queueReadAt, now).compareTo(QUEUE_REFRESH) >= 0) {
            queue = scholarQueue.get();
            queueReadAt = now;
        }
        return queue;
    }

    /** Time per case finished in this run so far, times what is left. */
    private String eta(int left) {
        if (left == 0) {
            return "0s";
        }
        if (finishedThisRun == 0) {
            return "?";
        }
        Duration perCase = Duration.between(started, clock.instant()).dividedBy(finishedThisRun);
        return format(perCase.multipliedBy(left));
    }

    private static String format(Duration duration) {
        long seconds = duration.toSeconds();
        return seconds >= 3600 ? String.format(Locale.ROOT, "%dh%02dm", seconds / 3600, seconds % 3600 / 60)
                : seconds >= 60 ? String.format(Locale.ROOT, "%dm%02ds", seconds / 60, seconds % 60)
                : seconds + "s";
    }
}
