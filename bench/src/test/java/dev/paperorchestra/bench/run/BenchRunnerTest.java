package dev.paperorchestra.bench.run;

import static org.assertj.core.api.Assertions.assertThat;

import dev.paperorchestra.bench.dataset.BenchCase;
import dev.paperorchestra.bench.dataset.Dataset;
import dev.paperorchestra.base.errors.InvalidMaterialsException;
import dev.paperorchestra.schemas.JobOptions;
import dev.paperorchestra.schemas.LlmMode;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;
import dev.paperorchestra.bench.testing.WrittenPapers;
import static org.awaitility.Awaitility.await;
import org.junit.jupiter.api.io.TempDir;

class BenchRunnerTest {

    @TempDir
    Path dir;

    private final ByteArrayOutputStream console = new ByteArrayOutputStream();
    /** The intake of the runs (the plan always digests the plain options). */
    private java.util.function.Function<BenchCase, JobOptions> intake = BenchRunnerTest::options;

    /** A deployment in memory: papers end as the test says, and it counts submissions and papers in flight. */
    static final class FakeBackend implements BenchBackend {
        final List<String> submitted = new CopyOnWriteArrayList<>();
        final Set<String> known = ConcurrentHashMap.newKeySet();
        final Map<String, CaseOutcome> outcomes = new ConcurrentHashMap<>();
        final AtomicInteger inFlight = new AtomicInteger();
        final AtomicInteger maxInFlight = new AtomicInteger();
        /** Papers never end: await holds until its thread is interrupted, as a watcher on a live broker does. */
        volatile boolean hold;

        @Override
        public String describe() {
            return "fake";
        }

        @Override
        public boolean wasSubmitted(String paperId) {
            return known.contains(paperId);
        }

        @Override
        public String submit(BenchCase benchCase, String paperId, JobOptions options) {
            if (benchCase.name().startsWith("refused")) {
                throw new InvalidMaterialsException(benchCase.materials().resolve("idea.md").toString(), "the idea is empty");
            }
            submitted.add(paperId);
            known.add(paperId);
            return paperId;
        }

        @Override
        public CaseOutcome await(String paperId, Duration timeout, Consumer<String> onStage, Path caseDir) {
            maxInFlight.accumulateAndGet(inFlight.incrementAndGet(), Math::max);
            try {
                onStage.accept("outline started");
                while (hold) {
                    if (Thread.currentThread().isInterrupted()) {
                        throw new IllegalStateException("interrupted while following " + paperId);
                    }
                    java.util.concurrent.locks.LockSupport.parkNanos(1_000_000);
                }
                // hold each paper until a second one is in flight, so a third would be seen if the limit leaked
                Instant until = Instant.now().plusSeconds(2);
                while (inFlight.get() < 2 && Instant.now().isBefore(until)) {
                    java.util.concurrent.locks.LockSupport.parkNanos(1_000_000);
                }
                String caseName = paperId.replaceAll("-t-\\d+$", "");
                return outcomes.getOrDefault(caseName, new CaseOutcome.Completed(
                        WrittenPapers.write(caseDir.resolve(paperId), !caseName.startsWith("inc"))));
            } finally {
                inFlight.decrementAndGet();
            }
        }

        @Override
        public OptionalLong scholarQueue() {
            return OptionalLong.of(0);
        }

        @Override
        public void close() {
        }
    }

    private Dataset dataset(String... names) throws Exception {
        for (String name : names) {
            Files.createDirectories(dir.resolve("data").resolve(name));
        }
        return Dataset.scan(dir.resolve("data"), null, null);
    }

    private BenchRunner.Result run(FakeBackend backend, Dataset dataset, boolean retryFailed) {
        return run(backend, dataset, retryFailed, false, runner -> { });
    }

    private BenchRunner.Result run(FakeBackend backend, Dataset dataset, boolean retryFailed, boolean keepStale,
            Consumer<BenchRunner> whileRunning) {
        try (BenchJournal journal = BenchJournal.open(dir.resolve("bench"))) {
            BenchProgress progress = new BenchProgress(new PrintStream(console, true), false,
                    Clock.systemUTC(), backend::scholarQueue);
            BenchRunner runner = new BenchRunner(backend, journal, progress, Clock.systemUTC(), new BenchRunner.Settings(
                    dir.resolve("bench"), "t", 2, Duration.ofMinutes(1), retryFailed, intake,
                    out -> BenchRunner.Usage.NONE), (c, out) -> { });
            whileRunning.accept(runner);
            return runner.run(plan(journal, dataset, retryFailed, keepStale));
        }
    }

    private static BenchPlan plan(BenchJournal journal, Dataset dataset, boolean retryFailed, boolean keepStale) {
        return BenchPlan.of(dataset, journal, retryFailed, keepStale, c -> options(c).toString());
    }

    private static JobOptions options(BenchCase benchCase) {
        return JobOptions.newBuilder().setLlmMode(LlmMode.OFFLINE).setRefineIterationLimit(1).build();
    }

    private static String digest(Dataset dataset, String name) {
        BenchCase benchCase = dataset.cases().stream().filter(c -> c.name().equals(name)).findFirst().orElseThrow();
        return CaseDigest.of(benchCase, options(benchCase).toString());
    }

    private Map<String, CaseEntry> journal() {
        try (BenchJournal journal = BenchJournal.open(dir.resolve("bench"))) {
            return journal.all();
        }
    }

    @Test
    void a_failed_or_refused_case_is_recorded_and_the_others_still_run_at_most_parallel_at_once() throws Exception {
        FakeBackend backend = new FakeBackend();
        backend.outcomes.put("b", new CaseOutcome.Failed("writer", "latex exploded"));

        run(backend, dataset("a", "b", "c", "d", "e", "inc-gate", "refused"), false);

        Map<String, CaseEntry> entries = journal();
        assertThat(entries.get("a").state()).isEqualTo(CaseState.COMPLETE);
        // written, but the content gate failed: not complete, and the gate and its finding are named
        assertThat(entries.get("inc-gate").state()).isEqualTo(CaseState.INCOMPLETE);
        assertThat(entries.get("inc-gate").reason()).contains("gate content failed", WrittenPapers.CONTENT_FINDING);
        assertThat(console.toString()).contains("inc-gate incomplete: inc-gate-t-1 (compiled, 9 pages; gates 1 of 2 "
                + "passed; checks 1 of 1 passed): gate content failed", "a complete: a-t-1 (compiled, 9 pages; gates 2 of 2");
        assertThat(entries.get("b").state()).isEqualTo(CaseState.FAILED);
        assertThat(entries.get("b").stage()).isEqualTo("writer");
        assertThat(entries.get("refused").state()).isEqualTo(CaseState.INVALID);
        assertThat(entries.get("refused").reason()).contains("idea.md");
        assertThat(entries.get("e").state()).isEqualTo(CaseState.COMPLETE);
        assertThat(backend.maxInFlight.get()).isEqualTo(2);
    }

    @Test
    void a_second_run_skips_finished_cases_and_submits_nothing_again() throws Exception {
        FakeBackend backend = new FakeBackend();
        backend.outcomes.put("b", new CaseOutcome.TimedOut("refine"));
        Dataset dataset = dataset("a", "b");
        run(backend, dataset, false);

        run(backend, dataset, false);

        assertThat(backend.submitted).containsExactlyInAnyOrder("a-t-1", "b-t-1");
        assertThat(journal().get("b").state()).isEqualTo(CaseState.TIMED_OUT);
    }

    @Test
    void retry_failed_submits_a_new_attempt_under_a_new_id() throws Exception {
        FakeBackend backend = new FakeBackend();
        backend.outcomes.put("b", new CaseOutcome.Failed("outline", "bad"));
        Dataset dataset = dataset("a", "b");
        run(backend, dataset, false);
        backend.outcomes.clear();

        run(backend, dataset, true);

        assertThat(backend.submitted).containsExactlyInAnyOrder("a-t-1", "b-t-1", "b-t-2");
        assertThat(journal().get("b").state()).isEqualTo(CaseState.COMPLETE);
        assertThat(journal().get("b").attempt()).isEqualTo(2);
    }

    @Test
    void a_case_caught_between_journal_and_submission_is_reattached_if_the_deployment_has_it_else_submitted()
            throws Exception {
        Dataset dataset = dataset("got-there", "never-got-there", "running");
        Instant before = Instant.parse("2026-01-01T00:00:00Z");
        try (BenchJournal journal = BenchJournal.open(dir.resolve("bench"))) {
            journal.record(new CaseEntry("got-there", 1, "got-there-t-1", CaseState.SUBMITTING, before, null, null, null,
                    digest(dataset, "got-there"), 0, null));
            journal.record(new CaseEntry("never-got-there", 1, "never-got-there-t-1", CaseState.SUBMITTING, before,
                    null, null, null, digest(dataset, "never-got-there"), 0, null));
            journal.record(new CaseEntry("running", 1, "running-t-1", CaseState.RUNNING, before, before, null, null,
                    digest(dataset, "running"), 0, null));
        }
        FakeBackend backend = new FakeBackend();
        backend.known.add("got-there-t-1");
        backend.known.add("running-t-1");

        run(backend, dataset, false);

        assertThat(backend.submitted).containsExactly("never-got-there-t-1");
        assertThat(journal().values()).allSatisfy(entry -> assertThat(entry.state()).isEqualTo(CaseState.COMPLETE));
    }

    @Test
    void a_case_whose_template_changed_runs_again_as_a_new_attempt_and_only_that_case() throws Exception {
        FakeBackend backend = new FakeBackend();
        Dataset dataset = dataset("a", "b", "c");
        run(backend, dataset, false);
        Files.writeString(dir.resolve("data/b/template.tex"), "\\documentclass{article} changed");

        run(backend, dataset, false);

        assertThat(backend.submitted).containsExactlyInAnyOrder("a-t-1", "b-t-1", "c-t-1", "b-t-2");
        assertThat(journal().get("b").attempt()).isEqualTo(2);
        assertThat(journal().get("b").digest()).isEqualTo(digest(dataset, "b"));
        assertThat(console.toString()).contains("b changed since its last run (materials or options): running it "
                + "again as attempt 2");
    }

    @Test
    void with_keep_stale_a_changed_case_keeps_its_result_and_is_named_stale() throws Exception {
        FakeBackend backend = new FakeBackend();
        Dataset dataset = dataset("a", "b");
        run(backend, dataset, false);
        Files.writeString(dir.resolve("data/b/job.json"), "{\"pageLimit\": 4}");

        BenchPlan plan;
        try (BenchJournal journal = BenchJournal.open(dir.resolve("bench"))) {
            plan = plan(journal, dataset, false, true);
        }
        run(backend, dataset, false, true, runner -> { });

        assertThat(plan.stale()).containsExactly("b");
        assertThat(plan.idle()).isTrue();
        assertThat(backend.submitted).containsExactlyInAnyOrder("a-t-1", "b-t-1");
    }

    @Test
    void a_run_with_every_case_finished_and_unchanged_has_nothing_to_do() throws Exception {
        FakeBackend backend = new FakeBackend();
        backend.outcomes.put("b", new CaseOutcome.Failed("writer", "boom"));
        Dataset dataset = dataset("a", "b");
        run(backend, dataset, false);

        try (BenchJournal journal = BenchJournal.open(dir.resolve("bench"))) {
            assertThat(plan(journal, dataset, false, false).idle()).isTrue();
            assertThat(plan(journal, dataset, true, false).idle()).as("--retry-failed has b to run").isFalse();
        }
    }

    @Test
    void an_interrupt_stops_submitting_leaves_running_papers_to_resume_and_the_next_run_finishes_the_rest()
            throws Exception {
        FakeBackend backend = new FakeBackend();
        backend.hold = true;
        Dataset dataset = dataset("a", "b", "c", "d");

        BenchRunner.Result result = run(backend, dataset, false, false, runner -> Thread.ofPlatform().daemon().start(() -> {
            await().atMost(Duration.ofSeconds(20)).until(() -> backend.inFlight.get() == 2);
            runner.interrupt();
        }));

        assertThat(result.interrupted()).isTrue();
        assertThat(result.running()).containsExactly("a", "b");
        assertThat(result.queued()).containsExactly("c", "d");
        assertThat(backend.submitted).containsExactlyInAnyOrder("a-t-1", "b-t-1");
        assertThat(journal().get("a").state()).isEqualTo(CaseState.RUNNING);
        assertThat(journal().get("a").runningSince()).as("paused: the time after this is downtime").isNotNull();

        backend.hold = false;
        BenchRunner.Result rest = run(backend, dataset, false);

        assertThat(rest.interrupted()).isFalse();
        assertThat(backend.submitted).containsExactlyInAnyOrder("a-t-1", "b-t-1", "c-t-1", "d-t-1");
        assertThat(journal().values()).allSatisfy(entry -> assertThat(entry.state()).isEqualTo(CaseState.COMPLETE));
        assertThat(console.toString()).contains("a re-attached to a-t-1");
    }

    @Test
    void a_materials_read_cut_by_the_interrupt_leaves_the_case_queued_not_invalid() throws Exception {
        FakeBackend backend = new FakeBackend();
        backend.hold = true;
        Dataset dataset = dataset("a", "b");
        java.util.concurrent.CountDownLatch reading = new java.util.concurrent.CountDownLatch(1);
        intake = c -> {
            if (c.name().equals("b")) {
                reading.countDown();
                // an interrupted read of a materials file ends as the intake's "cannot be read"
                while (!Thread.currentThread().isInterrupted()) {
                    java.util.concurrent.locks.LockSupport.park();
                }
                throw new InvalidMaterialsException(c.materials().resolve("idea.md").toString(),
                        "cannot be read (ClosedByInterruptException)");
            }
            return options(c);
        };

        BenchRunner.Result result = run(backend, dataset, false, false, runner -> Thread.ofPlatform().daemon().start(() -> {
            await().atMost(Duration.ofSeconds(20)).until(() -> backend.inFlight.get() == 1 && reading.getCount() == 0);
            runner.interrupt();
        }));

        assertThat(result.queued()).containsExactly("b");
        assertThat(result.running()).containsExactly("a");
        assertThat(journal()).doesNotContainKey("b");
    }

    @Test
    void a_reattached_paper_reports_its_wall_time_without_the_downtime_between_the_runs() throws Exception {
        Dataset dataset = dataset("a");
        Instant submitted = Instant.now().minus(Duration.ofHours(2));
        try (BenchJournal journal = BenchJournal.open(dir.resolve("bench"))) {
            journal.record(new CaseEntry("a", 1, "a-t-1", CaseState.RUNNING, submitted, submitted, null, null,
                    digest(dataset, "a"), 0, null));
        }
        // the killed run was last alive 40 s after the submission; then nothing ran for almost two hours
        Files.writeString(dir.resolve("bench").resolve(BenchRunner.HEARTBEAT), submitted.plusSeconds(40) + "\n");
        FakeBackend backend = new FakeBackend();
        backend.known.add("a-t-1");

        run(backend, dataset, false);

        CaseEntry done = journal().get("a");
        assertThat(done.state()).isEqualTo(CaseState.COMPLETE);
        assertThat(done.wallSeconds(done.at())).isBetween(40.0, 70.0);
    }

    @Test
    void a_paused_paper_counts_the_time_before_the_pause_and_after_the_resume_only() {
        Instant t0 = Instant.parse("2026-01-01T00:00:00Z");
        CaseEntry running = new CaseEntry("a", 1, "a-t-1", CaseState.RUNNING, t0, t0, null, null, "d", 0, null);

        CaseEntry paused = running.paused(t0.plusSeconds(30));
        CaseEntry resumed = paused.resumed(t0.plusSeconds(3600), t0.plusSeconds(31));
        CaseEntry finished = resumed.with(CaseState.COMPLETE, t0.plusSeconds(3620), null, null);

        assertThat(finished.wallSeconds(finished.at())).isEqualTo(51.0);
        assertThat(CaseEntry.fromJson(dev.paperorchestra.base.json.Json.mapper().readTree(finished.toJsonLine())))
                .isEqualTo(finished);
    }

    @Test
    void the_journal_still_takes_entries_after_an_interrupted_worker_wrote_to_it() throws Exception {
        Instant at = Instant.parse("2026-01-01T00:00:00Z");
        try (BenchJournal journal = BenchJournal.open(dir.resolve("bench"))) {
            // Ctrl-C interrupts the workers; one may be journaling at that moment
            Thread worker = Thread.ofPlatform().start(() -> {
                Thread.currentThread().interrupt();
                journal.record(new CaseEntry("a", 1, "a-t-1", CaseState.RUNNING, at, at, null, null));
            });
            worker.join();

            journal.record(new CaseEntry("b", 1, "b-t-1", CaseState.RUNNING, at, at, null, null).paused(at));
        }
        assertThat(journal()).containsOnlyKeys("a", "b");
    }

    @Test
    void a_journal_line_cut_short_by_a_kill_is_skipped_and_the_next_line_starts_fresh() throws Exception {
        Path bench = Files.createDirectories(dir.resolve("bench"));
        Instant at = Instant.parse("2026-01-01T00:00:00Z");
        String whole = new CaseEntry("a", 1, "a-t-1", CaseState.RUNNING, at, at, null, null).toJsonLine();
        Files.writeString(bench.resolve(BenchJournal.FILE), whole + "\n" + whole.substring(0, 20));

        try (BenchJournal journal = BenchJournal.open(bench)) {
            assertThat(journal.latest("a")).hasValueSatisfying(e -> assertThat(e.state()).isEqualTo(CaseState.RUNNING));
            journal.record(new CaseEntry("b", 1, "b-t-1", CaseState.SUBMITTING, at, null, null, null));
        }
        List<String> lines = new ArrayList<>(Files.readAllLines(bench.resolve(BenchJournal.FILE)));
        assertThat(lines).hasSize(3);
        try (BenchJournal journal = BenchJournal.open(bench)) {
            assertThat(journal.all()).containsOnlyKeys("a", "b");
        }
    }

    @Test
    void paper_ids_are_deterministic_and_keep_to_lower_case_letters_digits_and_dashes() {
        assertThat(BenchPaperIds.of("CVPR_2025 Paper #7", "abc123", 2)).isEqualTo("cvpr-2025-paper-7-abc123-2");
        assertThat(BenchPaperIds.runTag("run")).isEqualTo(BenchPaperIds.runTag("run")).hasSize(6);
    }
}
