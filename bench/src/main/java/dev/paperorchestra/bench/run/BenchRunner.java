package dev.paperorchestra.bench.run;

import dev.paperorchestra.bench.dataset.BenchCase;
import dev.paperorchestra.bench.dataset.Dataset;
import dev.paperorchestra.runtime.errors.InvalidMaterialsException;
import dev.paperorchestra.schemas.JobOptions;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Drives every case of a dataset through one backend with at most {@code parallel} papers in flight, and
 * journals each step before taking it. What a case does depends on the journal: finished cases are skipped
 * (failed ones run again as a new attempt with {@code retryFailed}); a paper the journal saw submitted is
 * re-attached; one that was being submitted when a run died is re-attached if the deployment has it and
 * submitted otherwise; the rest are submitted. One case's failure never stops the others.
 */
public final class BenchRunner {

    private static final Logger log = LoggerFactory.getLogger(BenchRunner.class);
    /** A paper re-attached after its deadline passed gets this long to be seen finishing. */
    private static final Duration REATTACH_GRACE = Duration.ofMinutes(1);

    /** What happens to a case after its paper completed (the autoraters), given its outputs. */
    @FunctionalInterface
    public interface AfterCompletion {
        void accept(BenchCase benchCase, Path outputDir);
    }

    /**
     * @param options   the job options of a case (job.json, CLI overrides); throws on unusable materials
     * @param usageOf   what a finished case spent, read from its summary, for the progress line
     */
    public record Settings(Path benchDir, String runTag, int parallel, Duration timeout, boolean retryFailed,
            Function<BenchCase, JobOptions> options, Function<Path, Usage> usageOf) {
    }

    /**
     * Semantic Scholar requests, offline replay lookups (no request to any service, so never counted as
     * Semantic Scholar's), tokens and estimated cost of one paper.
     */
    public record Usage(long scholarRequests, long replayLookups, long tokens, double costUsd) {
        public static final Usage NONE = new Usage(0, 0, 0, 0);
    }

    private final BenchBackend backend;
    private final BenchJournal journal;
    private final BenchProgress progress;
    private final Clock clock;
    private final Settings settings;
    private final AfterCompletion afterCompletion;
    private final AtomicBoolean stopping = new AtomicBoolean();

    public BenchRunner(BenchBackend backend, BenchJournal journal, BenchProgress progress, Clock clock,
            Settings settings, AfterCompletion afterCompletion) {
        this.backend = backend;
        this.journal = journal;
        this.progress = progress;
        this.clock = clock;
        this.settings = settings;
        this.afterCompletion = afterCompletion;
    }

    /** Stop starting cases and stop recording outcomes: the process is going away (Ctrl-C). */
    public void stop() {
        stopping.set(true);
    }

    public void run(Dataset dataset) {
        int alreadyDone = 0;
        int alreadyFailed = 0;
        List<BenchCase> todo = new ArrayList<>();
        for (BenchCase benchCase : dataset.cases()) {
            Optional<CaseEntry> latest = journal.latest(benchCase.name());
            CaseState state = latest.map(CaseEntry::state).orElse(CaseState.QUEUED);
            if (state == CaseState.COMPLETED || state.retriable() && !settings.retryFailed()) {
                if (state == CaseState.COMPLETED) {
                    alreadyDone++;
                } else {
                    alreadyFailed++;
                }
            } else {
                todo.add(benchCase);
            }
        }
        progress.begin(dataset.cases().size(), alreadyDone, alreadyFailed);
        ExecutorService workers = Executors.newFixedThreadPool(Math.max(1, settings.parallel()),
                Thread.ofPlatform().name("bench-", 1).daemon(true).factory());
        try {
            List<Future<?>> futures = todo.stream().<Future<?>>map(c -> workers.submit(() -> runCase(c))).toList();
            for (Future<?> future : futures) {
                future.get();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (ExecutionException e) {
            throw new IllegalStateException("a bench worker failed: " + e.getCause().getMessage(), e.getCause());
        } finally {
            workers.shutdownNow();
        }
    }

    private void runCase(BenchCase benchCase) {
        if (stopping.get()) {
            return;
        }
        CaseEntry entry = journal.latest(benchCase.name()).orElse(null);
        try {
            CaseEntry attached = attachOrSubmit(benchCase, entry);
            if (attached == null) {
                return;
            }
            Instant deadline = attached.submittedAt() == null ? clock.instant().plus(settings.timeout())
                    : attached.submittedAt().plus(settings.timeout());
            Duration left = Duration.between(clock.instant(), deadline);
            Path caseDir = settings.benchDir().resolve("cases").resolve(benchCase.name());
            CaseOutcome outcome = backend.await(attached.paperId(),
                    left.compareTo(REATTACH_GRACE) < 0 ? REATTACH_GRACE : left,
                    stage -> progress.stage(benchCase.name(), stage), caseDir);
            finish(benchCase, attached, outcome);
        } catch (RuntimeException e) {
            if (stopping.get()) {
                return; // the process is going away; the journal keeps the case where it was
            }
            log.warn("bench case {} failed outside the pipeline", benchCase.name(), e);
            CaseEntry current = journal.latest(benchCase.name()).orElseThrow();
            record(current.with(CaseState.FAILED, clock.instant(), "bench", e.getMessage()), Usage.NONE);
        }
    }

    /** The entry of the paper to follow, journaled as RUNNING; null when the case was refused before submission. */
    private @Nullable CaseEntry attachOrSubmit(BenchCase benchCase, @Nullable CaseEntry entry) {
        if (entry != null && entry.state() == CaseState.RUNNING) {
            progress.started(benchCase.name(), entry.paperId(), true);
            return entry;
        }
        if (entry != null && entry.state() == CaseState.SUBMITTING && backend.wasSubmitted(entry.paperId())) {
            CaseEntry running = entry.with(CaseState.RUNNING, entry.at(), null, null);
            journal.record(running);
            progress.started(benchCase.name(), entry.paperId(), true);
            return running;
        }
        int attempt = entry == null ? 1 : entry.state() == CaseState.SUBMITTING ? entry.attempt() : entry.attempt() + 1;
        CaseEntry submitting = new CaseEntry(benchCase.name(), attempt,
                BenchPaperIds.of(benchCase.name(), settings.runTag(), attempt), CaseState.SUBMITTING, clock.instant(),
                null, null, null);
        JobOptions options;
        try {
            options = settings.options().apply(benchCase);
        } catch (InvalidMaterialsException | IllegalArgumentException e) {
            record(submitting.with(CaseState.INVALID, clock.instant(), "materials", e.getMessage()), Usage.NONE);
            return null;
        }
        journal.record(submitting);
        String paperId;
        try {
            paperId = backend.submit(benchCase, submitting.paperId(), options);
        } catch (InvalidMaterialsException e) {
            record(submitting.with(CaseState.INVALID, clock.instant(), "materials", e.getMessage()), Usage.NONE);
            return null;
        }
        Instant now = clock.instant();
        CaseEntry running = new CaseEntry(benchCase.name(), attempt, paperId, CaseState.RUNNING, now, now, null, null);
        journal.record(running);
        progress.started(benchCase.name(), running.paperId(), false);
        return running;
    }

    private void finish(BenchCase benchCase, CaseEntry running, CaseOutcome outcome) {
        if (stopping.get()) {
            return;
        }
        Instant now = clock.instant();
        switch (outcome) {
            case CaseOutcome.Completed completed -> {
                try {
                    afterCompletion.accept(benchCase, completed.outputDir());
                } catch (RuntimeException e) {
                    // an autorater problem is reported in its own output; the paper itself completed
                    log.warn("autoraters of bench case {} failed: {}", benchCase.name(), e.getMessage());
                }
                record(running.with(CaseState.COMPLETED, now, null, null), settings.usageOf().apply(completed.outputDir()));
            }
            case CaseOutcome.Failed failed ->
                    record(running.with(CaseState.FAILED, now, failed.stage(), failed.reason()), Usage.NONE);
            case CaseOutcome.TimedOut timedOut -> record(running.with(CaseState.TIMED_OUT, now, timedOut.lastStage(),
                    "did not finish within " + settings.timeout()), Usage.NONE);
            case CaseOutcome.Cancelled cancelled ->
                    record(running.with(CaseState.CANCELLED, now, null, cancelled.reason()), Usage.NONE);
        }
    }

    private void record(CaseEntry entry, Usage usage) {
        if (stopping.get()) {
            return;
        }
        journal.record(entry);
        String detail = entry.state() == CaseState.COMPLETED ? entry.paperId()
                : (entry.stage() == null ? "" : "at " + entry.stage() + ": ") + (entry.reason() == null ? "" : entry.reason());
        progress.finished(entry.caseName(), entry.state(), detail, usage);
    }
}
