package dev.paperorchestra.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.paperorchestra.bench.dataset.BenchCase;
import dev.paperorchestra.bench.run.BenchBackend;
import dev.paperorchestra.bench.run.CaseOutcome;
import dev.paperorchestra.bench.testing.CaseDirectories;
import dev.paperorchestra.bench.testing.WrittenPapers;
import dev.paperorchestra.base.json.Json;
import dev.paperorchestra.schemas.JobOptions;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;
import tools.jackson.databind.JsonNode;

/**
 * {@code po bench} end to end on a deployment in memory: the states on the console, in results, summary and
 * report, the exit codes, the idle rerun that starts nothing, the changed case that alone runs again, and the
 * interrupt that writes a partial report and tells how to resume.
 */
class BenchCommandTest {

    private static final Path EXAMPLES = Path.of("..", "examples").toAbsolutePath().normalize();

    @TempDir
    Path dir;

    private final ByteArrayOutputStream console = new ByteArrayOutputStream();
    private final AtomicInteger deployments = new AtomicInteger();

    /** Papers end by their case name: failing-* fail at the writer, incomplete-* fail the content gate. */
    static final class MemoryBackend implements BenchBackend {
        final List<String> submitted = new CopyOnWriteArrayList<>();
        final Set<String> known = ConcurrentHashMap.newKeySet();
        final AtomicInteger inFlight = new AtomicInteger();
        /** Cases whose papers fail the content gate whatever their name. */
        final Set<String> incomplete = ConcurrentHashMap.newKeySet();
        volatile boolean hold;

        @Override
        public String describe() {
            return "memory";
        }

        @Override
        public boolean wasSubmitted(String paperId) {
            return known.contains(paperId);
        }

        @Override
        public String submit(BenchCase benchCase, String paperId, JobOptions options) {
            submitted.add(paperId);
            known.add(paperId);
            return paperId;
        }

        /** The shared kit each paper was submitted with (po bench --template-dir), by paper id. */
        final Map<String, Path> kits = new ConcurrentHashMap<>();

        @Override
        public String submit(BenchCase benchCase, String paperId, JobOptions options, Path templateDir) {
            kits.put(paperId, templateDir);
            return submit(benchCase, paperId, options);
        }

        @Override
        public CaseOutcome await(String paperId, Duration timeout, Consumer<String> onStage, Path caseDir) {
            inFlight.incrementAndGet();
            try {
                while (hold) {
                    if (Thread.currentThread().isInterrupted()) {
                        throw new IllegalStateException("interrupted while following " + paperId);
                    }
                    LockSupport.parkNanos(1_000_000);
                }
                if (paperId.startsWith("failing")) {
                    return new CaseOutcome.Failed("writer", "latexmk exited 12: Undefined control sequence");
                }
                return new CaseOutcome.Completed(WrittenPapers.write(caseDir.resolve(paperId),
                        !paperId.startsWith("incomplete") && incomplete.stream().noneMatch(paperId::startsWith)));
            } finally {
                inFlight.decrementAndGet();
            }
        }

        @Override
        public OptionalLong scholarQueue() {
            return OptionalLong.empty();
        }

        @Override
        public void close() {
        }
    }

    private Path dataset(String... names) throws IOException {
        Path data = dir.resolve("data");
        for (String name : names) {
            CaseDirectories.copy(name.startsWith("broken") ? EXAMPLES.resolve("broken").resolve("missing-log")
                    : EXAMPLES.resolve("cvpr-sparse-depth"), data.resolve(name));
        }
        return data;
    }

    private String outName = "out";

    private int bench(MemoryBackend backend, Consumer<BenchCommand> setUp, String... extra) {
        BenchCommand command = new BenchCommand();
        command.stdout = new PrintStream(console, true, StandardCharsets.UTF_8);
        command.stderr = command.stdout;
        command.terminal = false;
        command.handleSignals = false;
        command.environment = Map.of();
        command.backends = (benchDir, offline, clock) -> {
            deployments.incrementAndGet();
            return backend;
        };
        setUp.accept(command);
        List<String> args = new ArrayList<>(List.of("bench", dir.resolve("data").toString(), "--out", dir.resolve(outName).toString(),
                "--offline", "--autoraters", "none", "--parallel", "2"));
        args.addAll(List.of(extra));
        // as po runs it: a subcommand of the po command
        return new CommandLine(new Po()).addSubcommand(command).execute(args.toArray(String[]::new));
    }

    @CommandLine.Command(name = "po")
    static final class Po implements Runnable {
        @Override
        public void run() {
        }
    }

    private String output() {
        return console.toString(StandardCharsets.UTF_8);
    }

    private Map<String, JsonNode> results() throws IOException {
        Map<String, JsonNode> rows = new HashMap<>();
        for (String line : Files.readAllLines(dir.resolve("out/results.jsonl"))) {
            JsonNode row = Json.mapper().readTree(line);
            rows.put(row.get("case").asString(), row);
        }
        return rows;
    }

    @Test
    void complete_incomplete_failed_and_invalid_cases_each_say_so_on_the_console_in_results_and_in_the_report()
            throws Exception {
        dataset("complete-case", "incomplete-case", "failing-case", "broken-missing-log");

        int exit = bench(new MemoryBackend(), c -> { });

        assertThat(exit).as(output()).isEqualTo(1);
        assertThat(output()).contains("complete-case complete: complete-case-",
                "incomplete-case incomplete: incomplete-case-", "gate content failed: " + WrittenPapers.CONTENT_FINDING,
                "failing-case failed: at writer: latexmk exited 12", "broken-missing-log invalid: at materials:",
                "po bench: 1 of 4 cases complete, 1 incomplete, 1 failed, 1 invalid;");
        Map<String, JsonNode> rows = results();
        assertThat(rows.get("complete-case").get("state").asString()).isEqualTo("complete");
        assertThat(rows.get("incomplete-case").get("state").asString()).isEqualTo("incomplete");
        assertThat(rows.get("incomplete-case").get("findings").asString()).contains("gate content failed",
                WrittenPapers.CONTENT_FINDING);
        assertThat(rows.get("failing-case").get("state").asString()).isEqualTo("failed");
        assertThat(rows.get("failing-case").get("failure_stage").asString()).isEqualTo("writer");
        assertThat(rows.get("broken-missing-log").get("state").asString()).isEqualTo("invalid");
        assertThat(rows.get("broken-missing-log").get("failure_reason").asString()).contains("experimental_log.md");
        JsonNode summary = Json.mapper().readTree(dir.resolve("out/summary.json").toFile());
        assertThat(summary.get("states").properties()).extracting(Map.Entry::getKey)
                .containsExactlyInAnyOrder("complete", "incomplete", "failed", "invalid");
        String report = Files.readString(dir.resolve("out/report.html"));
        assertThat(report).contains("1 of 4 cases complete", "id=\"case-incomplete-case\"",
                WrittenPapers.CONTENT_FINDING, "latexmk exited 12", "experimental_log.md");
    }

    @Test
    void a_shared_template_kit_goes_with_every_case_and_a_changed_kit_file_reruns_them() throws Exception {
        dataset("first-case", "second-case");
        Path kit = Files.createDirectories(dir.resolve("kit"));
        Files.writeString(kit.resolve("template.tex"), Files.readString(EXAMPLES.resolve("cvpr-sparse-depth")
                .resolve("template.tex")).replace("\\begin{document}", "\\usepackage{venue}\n\\begin{document}"));
        Files.writeString(kit.resolve("venue.sty"), "\\ProvidesPackage{venue}\n");
        MemoryBackend backend = new MemoryBackend();

        assertThat(bench(backend, c -> { }, "--template-dir", kit.toString())).as(output()).isZero();
        assertThat(backend.submitted).hasSize(2);
        assertThat(backend.kits.values()).containsOnly(kit);

        Files.writeString(kit.resolve("venue.sty"), "\\ProvidesPackage{venue}[changed]\n");
        assertThat(bench(backend, c -> { }, "--template-dir", kit.toString())).as(output()).isZero();
        assertThat(backend.submitted).as("both cases ran again with the changed kit").hasSize(4);
    }

    @Test
    void incomplete_papers_exit_3_unless_allowed_and_a_rerun_with_nothing_left_starts_no_deployment() throws Exception {
        dataset("complete-case", "incomplete-case");
        MemoryBackend backend = new MemoryBackend();

        assertThat(bench(backend, c -> { })).as(output()).isEqualTo(BenchCommand.SOME_INCOMPLETE);
        assertThat(deployments).hasValue(1);
        Files.delete(dir.resolve("out/report.html"));

        int again = bench(backend, c -> c.backends = (benchDir, offline, clock) -> {
            throw new AssertionError("an idle rerun started a deployment");
        }, "--allow-incomplete");

        assertThat(again).as(output()).isZero();
        assertThat(deployments).hasValue(1);
        assertThat(output()).contains("nothing left to run");
        assertThat(dir.resolve("out/report.html")).exists();
        assertThat(backend.submitted).hasSize(2);
    }

    @Test
    void a_changed_template_reruns_exactly_that_case_and_keep_stale_reports_it_stale() throws Exception {
        dataset("complete-a", "complete-b", "complete-c");
        MemoryBackend backend = new MemoryBackend();
        assertThat(bench(backend, c -> { })).as(output()).isZero();
        Files.writeString(dir.resolve("data/complete-b/template.tex"), "\n% changed\n", java.nio.file.StandardOpenOption.APPEND);

        assertThat(bench(backend, c -> { }, "--keep-stale")).as(output()).isZero();
        assertThat(output()).contains("case complete-b changed since its result", "(1 stale)");
        assertThat(results().get("complete-b").get("stale").asBoolean()).isTrue();
        assertThat(backend.submitted).hasSize(3);

        assertThat(bench(backend, c -> { })).as(output()).isZero();

        assertThat(backend.submitted).hasSize(4).last().asString().startsWith("complete-b-").endsWith("-2");
        assertThat(output()).contains("complete-b changed since its last run (materials or options): running it "
                + "again as attempt 2");
        assertThat(results().get("complete-b").get("attempt").asInt()).isEqualTo(2);
        assertThat(results().get("complete-b").has("stale")).isFalse();
    }

    @Test
    void an_interrupt_writes_a_partial_report_and_prints_the_command_that_resumes_it() throws Exception {
        dataset("complete-a", "complete-b", "complete-c");
        MemoryBackend backend = new MemoryBackend();
        backend.hold = true;

        int exit = bench(backend, c -> c.onRunner = runner -> Thread.ofPlatform().daemon().start(() -> {
            await().atMost(Duration.ofSeconds(20)).until(() -> backend.inFlight.get() == 2);
            runner.interrupt();
        }));

        assertThat(exit).as(output()).isEqualTo(BenchCommand.INTERRUPTED);
        assertThat(output()).contains("po bench: interrupted. done in this run: none; running (resumes next run): "
                + "complete-a, complete-b; queued: complete-c", "partial report",
                "po bench: resume with: po bench " + dir.resolve("data") + " --out " + dir.resolve("out"));
        assertThat(Files.readString(dir.resolve("out/report.html"))).contains("interrupted", "resume with");
        assertThat(results().get("complete-a").get("state").asString()).isEqualTo("running");

        backend.hold = false;
        assertThat(bench(backend, c -> { })).as(output()).isZero();

        assertThat(backend.submitted).hasSize(3).doesNotHaveDuplicates();
        assertThat(results().values()).allSatisfy(row -> assertThat(row.get("state").asString()).isEqualTo("complete"));
    }

    @Test
    void an_offline_case_without_scholar_records_is_warned_about_before_it_runs_and_in_the_report() throws Exception {
        dataset("complete-a", "complete-b");
        Files.delete(dir.resolve("data/complete-b/scholar_records.json"));

        bench(new MemoryBackend(), c -> { });

        String out = output();
        assertThat(out).contains("po bench: warning: case complete-b has no scholar_records.json");
        assertThat(out.indexOf("warning: case complete-b")).isLessThan(out.indexOf("complete-b submitted"));
        assertThat(out).doesNotContain("case complete-a has no");
        assertThat(Files.readString(dir.resolve("out/report.html"))).contains("no citations", "complete-b");
    }

    @Test
    void compare_names_the_one_case_that_changed_between_two_runs_with_its_deltas() throws Exception {
        dataset("complete-a", "complete-b", "complete-c");
        MemoryBackend backend = new MemoryBackend();
        outName = "run-a";
        assertThat(bench(backend, c -> { })).as(output()).isZero();
        Files.writeString(dir.resolve("data/complete-b/template.tex"), "\n% changed\n", java.nio.file.StandardOpenOption.APPEND);
        backend.incomplete.add("complete-b");
        outName = "run-b";
        assertThat(bench(backend, c -> { }, "--compare", dir.resolve("run-a").toString())).as(output())
                .isEqualTo(BenchCommand.SOME_INCOMPLETE);
        console.reset();

        // through po bench itself: its --out is not demanded of the compare subcommand
        CommandLine bench = new CommandLine(new BenchCommand());
        BenchCompareCommand compare = bench.getSubcommands().get("compare").getCommand();
        compare.stdout = new PrintStream(console, true, StandardCharsets.UTF_8);
        int exit = bench.execute("compare", dir.resolve("run-a").toString(), dir.resolve("run-b").toString());

        assertThat(exit).as(output()).isZero();
        assertThat(output()).contains("changed complete-b: materials or options changed; state complete -> incomplete; "
                + "gate_content regressed", "complete     3 -> 2 (-1)", "incomplete   0 -> 1 (+1)")
                .doesNotContain("changed complete-a", "changed complete-c");
        JsonNode json = Json.mapper().readTree(dir.resolve("run-b/compare.json").toFile());
        assertThat(json.get("changedCases")).hasSize(1);
        assertThat(json.get("changedCases").get(0).get("case").asString()).isEqualTo("complete-b");
        assertThat(json.get("states").get("complete").get("delta").asDouble()).isEqualTo(-1.0);
        assertThat(Files.readString(dir.resolve("run-b/report.html"))).contains("Comparison with an earlier run",
                "changed complete-b");
    }

    @Test
    void the_report_and_summary_say_what_the_run_ran_with() throws Exception {
        dataset("complete-a");

        bench(new MemoryBackend(), c -> { });

        JsonNode run = Json.mapper().readTree(dir.resolve("out/summary.json").toFile()).get("run");
        assertThat(run.get("mode").asString()).isEqualTo("offline");
        assertThat(run.get("parallel").asInt()).isEqualTo(2);
        assertThat(run.get("machine").asString()).contains("cores");
        assertThat(run.has("started") && run.has("ended")).isTrue();
        // issue 43: the wall time counts from the command's start, split where the deployment was ready
        long whole = run.get("durationSeconds").asLong();
        assertThat(run.get("startingSeconds").asLong() + run.get("papersSeconds").asLong()).isBetween(whole - 1, whole);
        assertThat(Files.readString(dir.resolve("out/report.html"))).contains("About this run", "offline",
                "Wall time ", " start: ", " starting, ", " running the papers");
    }

    @Test
    void the_first_signal_asks_for_an_orderly_stop_and_the_second_for_an_immediate_one() {
        AtomicInteger first = new AtomicInteger();
        AtomicInteger second = new AtomicInteger();
        try (SignalStop stop = SignalStop.install(first::incrementAndGet, second::incrementAndGet)) {
            sun.misc.Signal.raise(new sun.misc.Signal("INT"));
            await().atMost(Duration.ofSeconds(5)).until(() -> first.get() == 1);
            sun.misc.Signal.raise(new sun.misc.Signal("TERM"));
            await().atMost(Duration.ofSeconds(5)).until(() -> second.get() == 1);
            assertThat(stop.received()).isEqualTo(2);
            assertThat(first).hasValue(1);
        }
    }


    // issue 42: --judge names another judge family; a bad value, or one an offline run cannot use, exits 2 at once
    @Test
    void a_bad_judge_family_is_refused_with_exit_2_before_any_deployment_starts() throws Exception {
        dataset("complete-case");

        int unknown = bench(new MemoryBackend(), c -> { }, "--judge", "mistral:large");
        int offline = bench(new MemoryBackend(), c -> { }, "--judge", "anthropic:claude-sonnet-4-5");

        assertThat(unknown).as(output()).isEqualTo(2);
        assertThat(offline).as(output()).isEqualTo(2);
        assertThat(output()).contains("po bench: --judge 'mistral:large': unknown provider 'mistral'",
                "po bench: --judge adds judge families to the side-by-side autorater, which needs a model");
        assertThat(deployments.get()).isZero();
    }

    // issue 42: --batch goes through the providers' batch APIs, so an offline run has nothing to send
    @Test
    void batch_is_refused_with_exit_2_for_an_offline_run_before_any_deployment_starts() throws Exception {
        dataset("complete-case");

        int offline = bench(new MemoryBackend(), c -> { }, "--batch");

        assertThat(offline).as(output()).isEqualTo(2);
        assertThat(output()).contains("po bench: --batch sends model calls through the providers' batch APIs, so it "
                + "needs model mode on the embedded deployment, not --offline");
        assertThat(deployments.get()).isZero();
    }
}
