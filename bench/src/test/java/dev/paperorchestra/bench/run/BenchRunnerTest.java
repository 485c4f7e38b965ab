package dev.paperorchestra.bench.run;

import static org.assertj.core.api.Assertions.assertThat;

import dev.paperorchestra.bench.dataset.BenchCase;
import dev.paperorchestra.bench.dataset.Dataset;
import dev.paperorchestra.runtime.errors.InvalidMaterialsException;
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
import org.junit.jupiter.api.io.TempDir;

class BenchRunnerTest {

    @TempDir
    Path dir;

    /** A deployment in memory: papers end as the test says, and it counts submissions and papers in flight. */
    static final class FakeBackend implements BenchBackend {
        final List<String> submitted = new CopyOnWriteArrayList<>();
        final Set<String> known = ConcurrentHashMap.newKeySet();
        final Map<String, CaseOutcome> outcomes = new ConcurrentHashMap<>();
        final AtomicInteger inFlight = new AtomicInteger();
        final AtomicInteger maxInFlight = new AtomicInteger();

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
                // hold each paper until a second one is in flight, so a third would be seen if the limit leaked
                Instant until = Instant.now().plusSeconds(2);
                while (inFlight.get() < 2 && Instant.now().isBefore(until)) {
                    java.util.concurrent.locks.LockSupport.parkNanos(1_000_000);
                }
                return outcomes.getOrDefault(paperId.replaceAll("-t-\\d+$", ""), new CaseOutcome.Completed(caseDir.resolve(paperId)));
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

    private void run(FakeBackend backend, Dataset dataset, boolean retryFailed) {
        try (BenchJournal journal = BenchJournal.open(dir.resolve("bench"))) {
            BenchProgress progress = new BenchProgress(new PrintStream(new ByteArrayOutputStream()), false,
                    Clock.systemUTC(), backend::scholarQueue);
            new BenchRunner(backend, journal, progress, Clock.systemUTC(), new BenchRunner.Settings(dir.resolve("bench"),
                    "t", 2, Duration.ofMinutes(1), retryFailed,
                    c -> JobOptions.newBuilder().setLlmMode(LlmMode.OFFLINE).setRefineIterationLimit(1).build(),
                    out -> BenchRunner.Usage.NONE), (c, out) -> { }).run(dataset);
        }
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

        run(backend, dataset("a", "b", "c", "d", "e", "refused"), false);

        Map<String, CaseEntry> entries = journal();
        assertThat(entries.get("a").state()).isEqualTo(CaseState.COMPLETED);
        assertThat(entries.get("b").state()).isEqualTo(CaseState.FAILED);
        assertThat(entries.get("b").stage()).isEqualTo("writer");
        assertThat(entries.get("refused").state()).isEqualTo(CaseState.INVALID);
        assertThat(entries.get("refused").reason()).contains("idea.md");
        assertThat(entries.get("e").state()).isEqualTo(CaseState.COMPLETED);
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
        assertThat(journal().get("b").state()).isEqualTo(CaseState.COMPLETED);
        assertThat(journal().get("b").attempt()).isEqualTo(2);
    }

    @Test
    void a_case_caught_between_journal_and_submission_is_reattached_if_the_deployment_has_it_else_submitted()
            throws Exception {
        Dataset dataset = dataset("got-there", "never-got-there", "running");
        Instant before = Instant.parse("2026-01-01T00:00:00Z");
        try (BenchJournal journal = BenchJournal.open(dir.resolve("bench"))) {
            journal.record(new CaseEntry("got-there", 1, "got-there-t-1", CaseState.SUBMITTING, before, null, null, null));
            journal.record(new CaseEntry("never-got-there", 1, "never-got-there-t-1", CaseState.SUBMITTING, before,
                    null, null, null));
            journal.record(new CaseEntry("running", 1, "running-t-1", CaseState.RUNNING, before, before, null, null));
        }
        FakeBackend backend = new FakeBackend();
        backend.known.add("got-there-t-1");
        backend.known.add("running-t-1");

        run(backend, dataset, false);

        assertThat(backend.submitted).containsExactly("never-got-there-t-1");
        assertThat(journal().values()).allSatisfy(entry -> assertThat(entry.state()).isEqualTo(CaseState.COMPLETED));
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
