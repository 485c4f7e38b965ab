package dev.paperorchestra.bench.run;

import dev.paperorchestra.bench.dataset.BenchCase;
import dev.paperorchestra.content.outputs.PaperVerdict;
import dev.paperorchestra.base.errors.InvalidMaterialsException;
import dev.paperorchestra.schemas.JobOptions;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Drives the cases of a {@link BenchPlan} through one backend with at most {@code parallel} papers in flight,
 * and journals each step before taking it. A paper the journal saw submitted is re-attached; one that was being
 * submitted when a run died is re-attached if the deployment has it and submitted otherwise; a changed or
 * retried case is submitted as a new attempt; the rest are submitted. One case's failure never stops the others.
 * A written paper is judged complete or incomplete by {@link PaperVerdict}, the rule {@code po run} exits by.
 * {@link #interrupt()} stops submitting and lets {@link #run} return what is done, running and queued; the
 * running papers stay journaled as running, without the time nobody followed them, for the next run.
 */
public final class BenchRunner {

    private static final Logger log = LoggerFactory.getLogger(BenchRunner.class);
    /** A paper re-attached after its deadline passed gets this long to be seen finishing. */
    private static final Duration REATTACH_GRACE = Duration.ofMinutes(1);
    /** BENCH_DIR/heartbeat: when this process was last alive, so a resumed run leaves the downtime out. */
    public static final String HEARTBEAT = "heartbeat";
    private static final Duration HEARTBEAT_EVERY = Duration.ofSeconds(5);

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

    /**
     * How the run ended.
     *
     * @param interrupted true when {@link #interrupt()} stopped it
     * @param finished    cases that ended in this run
     * @param running     cases in flight when it stopped (they resume next run)
     * @param queued      cases it never started
     */
    public record Result(boolean interrupted, List<String> finished, List<String> running, List<String> queued) {
    }

    private final BenchBackend backend;
    private final BenchJournal journal;
    private final BenchProgress progress;
    private final Clock clock;
    private final Settings settings;
    private final AfterCompletion afterCompletion;
    private final AtomicBoolean stopping = new AtomicBoolean();
    private final CountDownLatch stopRequested = new CountDownLatch(1);
    /** Cases this run follows right now, with their running entry. */
    private final Map<String, CaseEntry> following = new ConcurrentHashMap<>();
    private volatile @Nullable Instant previousAlive;
    /** Cases this run began to work on (a case stopped before anything was journaled leaves it again). */
    private final List<String> started = java.util.Collections.synchronizedList(new ArrayList<>());
    private final List<String> finished = java.util.Collections.synchronizedList(new ArrayList<>());

    public BenchRunner(BenchBackend backend, BenchJournal journal, BenchProgress progress, Clock clock,
            Settings settings, AfterCompletion afterCompletion) {
        this.backend = backend;
        this.journal = journal;
        this.progress = progress;
        this.clock = clock;
        this.settings = settings;
        this.afterCompletion = afterCompletion;
    }

    /** Stop submitting and stop waiting (Ctrl-C): {@link #run} returns soon with what is where. */
    public void interrupt() {
        stopping.set(true);
        stopRequested.countDown();
    }

    public Result run(BenchPlan plan) {
        // read before this run's own heartbeat overwrites it
        previousAlive = lastAlive(settings.benchDir());
        progress.begin(plan);
        ExecutorService workers = Executors.newFixedThreadPool(Math.max(1, settings.parallel()),
                Thread.ofPlatform().name("bench-", 1).daemon(true).factory());
        ScheduledExecutorService heartbeat = Executors.newSingleThreadScheduledExecutor(
                Thread.ofPlatform().name("bench-heartbeat").daemon(true).factory());
        heartbeat.scheduleAtFixedRate(this::beat, 0, HEARTBEAT_EVERY.toMillis(), TimeUnit.MILLISECONDS);
        CountDownLatch allDone = new CountDownLatch(plan.todo().size());
        boolean interrupted = true;
        try {
            for (BenchPlan.Step step : plan.todo()) {
                workers.submit(() -> {
                    try {
                        if (!stopping.get()) {
                            started.add(step.benchCase().name());
                            runCase(step, plan.digests().get(step.benchCase().name()));
                        }
                    } catch (RuntimeException e) {
                        log.error("bench worker of case {} failed", step.benchCase().name(), e);
                    } finally {
                        allDone.countDown();
                    }
                });
            }
            Thread waiter = Thread.ofPlatform().daemon(true).start(() -> {
                try {
                    allDone.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                stopRequested.countDown();
            });
            stopRequested.await();
            // decided before the workers are stopped: once interrupted they all end at once
            interrupted = allDone.getCount() > 0;
            waiter.interrupt();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            stopping.set(true);
        } finally {
            workers.shutdownNow();
            heartbeat.shutdownNow();
        }
        if (!interrupted) {
            return new Result(false, List.copyOf(finished), List.of(), List.of());
        }
        try {
            // the workers were interrupted: give them a moment to leave their papers as they are
            workers.awaitTermination(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        beat();
        Instant now = clock.instant();
        following.forEach((name, entry) -> journal.record(entry.paused(now)));
        // started and not finished: followed, or caught while being submitted (the next run asks the deployment)
        List<String> running = new ArrayList<>(started);
        running.removeAll(finished);
        List<String> queued = plan.todo().stream().map(step -> step.benchCase().name())
                .filter(name -> !started.contains(name)).toList();
        running.sort(null);
        return new Result(true, List.copyOf(finished), List.copyOf(running), queued);
    }

    private void beat() {
        try {
            Path file = settings.benchDir().resolve(HEARTBEAT);
            Path temporary = file.resolveSibling(HEARTBEAT + ".tmp");
            Files.writeString(temporary, clock.instant() + "\n");
            Files.move(temporary, file, java.nio.file.StandardCopyOption.REPLACE_EXISTING,
                    java.nio.file.StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException | RuntimeException e) {
            log.debug("bench heartbeat not written: {}", e.getMessage());
        }
    }

    /** When the last bench process on this directory was last alive; null when it left no heartbeat. */
    private static @Nullable Instant lastAlive(Path benchDir) {
        try {
            return Instant.parse(Files.readString(benchDir.resolve(HEARTBEAT)).strip());
        } catch (IOException | DateTimeParseException e) {
            return null;
        }
    }

    private void runCase(BenchPlan.Step step, String digest) {
        BenchCase benchCase = step.benchCase();
        try {
            CaseEntry attached = attachOrSubmit(step, digest);
            if (attached == null) {
                return;
            }
            following.put(benchCase.name(), attached);
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
                return; // interrupted: the journal keeps the case where it was, the next run resumes it
            }
            log.warn("bench case {} failed outside the pipeline", benchCase.name(), e);
            CaseEntry current = journal.latest(benchCase.name()).orElseThrow();
            following.remove(benchCase.name());
            record(current.with(CaseState.FAILED, clock.instant(), "bench", e.getMessage()), Usage.NONE, "");
        }
    }

    /** The entry of the paper to follow, journaled as RUNNING; null when the case was refused before submission. */
    private @Nullable CaseEntry attachOrSubmit(BenchPlan.Step step, String digest) {
        BenchCase benchCase = step.benchCase();
        CaseEntry entry = step.previous();
        boolean sameCase = entry != null && step.why() == BenchPlan.Why.RESUME;
        if (sameCase && entry.state() == CaseState.RUNNING) {
            CaseEntry resumed = entry.resumed(clock.instant(), previousAlive == null ? entry.at() : previousAlive);
            journal.record(resumed);
            progress.started(benchCase.name(), entry.paperId(), true);
            return resumed;
        }
        if (sameCase && entry.state() == CaseState.SUBMITTING && backend.wasSubmitted(entry.paperId())) {
            CaseEntry running = entry.with(CaseState.RUNNING, entry.at(), null, null);
            journal.record(running);
            progress.started(benchCase.name(), entry.paperId(), true);
            return running;
        }
        if (step.why() == BenchPlan.Why.CHANGED) {
            progress.changed(benchCase.name(), entry == null ? 1 : entry.attempt() + 1);
        }
        int attempt = entry == null ? 1 : sameCase ? entry.attempt() : entry.attempt() + 1;
        CaseEntry submitting = new CaseEntry(benchCase.name(), attempt,
                BenchPaperIds.of(benchCase.name(), settings.runTag(), attempt), CaseState.SUBMITTING, clock.instant(),
                null, null, null, digest, 0, null);
        JobOptions options;
        try {
            options = settings.options().apply(benchCase);
        } catch (InvalidMaterialsException | IllegalArgumentException e) {
            if (stopping.get()) {
                // an interrupted read is no verdict on the materials: the case stays queued
                started.remove(benchCase.name());
                return null;
            }
            record(submitting.with(CaseState.INVALID, clock.instant(), "materials", e.getMessage()), Usage.NONE, "");
            return null;
        }
        if (stopping.get()) {
            started.remove(benchCase.name());
            return null; // interrupted before anything was sent: the case stays queued
        }
        journal.record(submitting);
        String paperId;
        try {
            paperId = backend.submit(benchCase, submitting.paperId(), options);
        } catch (InvalidMaterialsException e) {
            if (stopping.get()) {
                return null; // interrupted while uploading: journaled as submitting, the next run asks the deployment
            }
            record(submitting.with(CaseState.INVALID, clock.instant(), "materials", e.getMessage()), Usage.NONE, "");
            return null;
        }
        Instant now = clock.instant();
        CaseEntry running = new CaseEntry(benchCase.name(), attempt, paperId, CaseState.RUNNING, now, now, null, null,
                digest, 0, null);
        journal.record(running);
        progress.started(benchCase.name(), running.paperId(), false);
        return running;
    }

    private void finish(BenchCase benchCase, CaseEntry running, CaseOutcome outcome) {
        if (stopping.get()) {
            return; // left running in the journal: the next run re-attaches and sees how it ended
        }
        following.remove(benchCase.name());
        Instant now = clock.instant();
        switch (outcome) {
            case CaseOutcome.Completed completed -> {
                try {
                    afterCompletion.accept(benchCase, completed.outputDir());
                } catch (RuntimeException e) {
                    // an autorater problem is reported in its own output; the paper itself was written
                    log.warn("autoraters of bench case {} failed: {}", benchCase.name(), e.getMessage());
                }
                PaperVerdict verdict = PaperVerdict.of(completed.outputDir(), true);
                CaseEntry judged = verdict.complete() ? running.with(CaseState.COMPLETE, now, null, null)
                        : running.with(CaseState.INCOMPLETE, now, null, String.join("; ", verdict.shortfalls()));
                record(judged, settings.usageOf().apply(completed.outputDir()), PaperFacts.line(completed.outputDir()));
            }
            case CaseOutcome.Failed failed ->
                    record(running.with(CaseState.FAILED, now, failed.stage(), failed.reason()), Usage.NONE, "");
            case CaseOutcome.TimedOut timedOut -> record(running.with(CaseState.TIMED_OUT, now, timedOut.lastStage(),
                    "did not finish within " + settings.timeout()), Usage.NONE, "");
            case CaseOutcome.Cancelled cancelled ->
                    record(running.with(CaseState.CANCELLED, now, null, cancelled.reason()), Usage.NONE, "");
        }
    }

    private void record(CaseEntry entry, Usage usage, String facts) {
        journal.record(entry);
        finished.add(entry.caseName());
        String detail;
        if (entry.state() == CaseState.COMPLETE) {
            detail = entry.paperId() + (facts.isEmpty() ? "" : " (" + facts + ")");
        } else if (entry.state() == CaseState.INCOMPLETE) {
            detail = entry.paperId() + (facts.isEmpty() ? "" : " (" + facts + ")") + ": " + entry.reason();
        } else {
            detail = (entry.stage() == null ? "" : "at " + entry.stage() + ": ") + (entry.reason() == null ? "" : entry.reason());
        }
        progress.finished(entry.caseName(), entry.state(), detail, usage);
    }
}
