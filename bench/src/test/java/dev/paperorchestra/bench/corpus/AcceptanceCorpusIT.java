package dev.paperorchestra.bench.corpus;

import static org.assertj.core.api.Assertions.assertThat;

import dev.paperorchestra.cli.PoCommand;
import dev.paperorchestra.cli.testing.PoConsole;
import dev.paperorchestra.base.json.Json;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicContainer;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.opentest4j.TestAbortedException;
import tools.jackson.databind.JsonNode;

/**
 * Issue 39's acceptance corpus through the real pipeline: every case of {@link AcceptanceCorpus} runs offline
 * through one {@code po bench} (one embedded deployment for all of them, as a user's bench run), then each case's
 * outputs meet the checks of {@link CorpusChecks}, one dynamic test per case and check. The table of every verdict
 * is written to {@code target/acceptance-corpus/results.md}, with the bench's wall time.
 *
 * <p>CI runs the kits, the bold-heading case and the Markdown variants with their originals; {@code
 * -Dpo.corpus=full} adds the biomedical cases.
 */
class AcceptanceCorpusIT {

    private static final Path REPORT = Path.of("target", "acceptance-corpus").toAbsolutePath();
    private static final Map<String, Map<String, String>> VERDICTS = new LinkedHashMap<>();

    private static List<CorpusCase> cases;
    private static CorpusChecks.Run run;
    private static Duration benchTime;

    @BeforeAll
    static void run_every_case_offline_through_one_bench() throws Exception {
        AcceptanceCorpus.Scope scope = AcceptanceCorpus.Scope.fromSystemProperty();
        cases = AcceptanceCorpus.cases(scope);
        Files.createDirectories(REPORT);
        Path work = Files.createTempDirectory(REPORT, "run-");
        Path dataset = work.resolve("dataset");
        AcceptanceCorpus.write(cases, dataset);

        Path benchDir = work.resolve("bench");
        String java = ProcessHandle.current().info().command().orElse("java");
        long start = System.nanoTime();
        Process bench = new ProcessBuilder(List.of(java, "-Xmx900m", "-XX:TieredStopAtLevel=1",
                "-Djava.awt.headless=true", "-cp", System.getProperty("java.class.path"), PoCommand.class.getName(),
                "bench", dataset.toString(), "--out", benchDir.toString(), "--offline", "--parallel", "2",
                "--iterations", "1", "--autoraters", "none", "--timeout", "PT10M"))
                .redirectErrorStream(true).redirectOutput(work.resolve("bench.log").toFile()).start();

        // while the bench runs: the intake's verdict on the cases whose checks read it (kits, variants, originals)
        Map<String, PoConsole> intake = new LinkedHashMap<>();
        for (CorpusCase c : cases) {
            if (c.kit() != null || c instanceof CorpusCase.Variant || c instanceof CorpusCase.Original) {
                intake.put(c.name(), PoConsole.run("run", dataset.resolve(c.name()).toString(), "--offline",
                        "--check"));
            }
        }

        assertThat(bench.waitFor(45, TimeUnit.MINUTES)).as("po bench finished; see " + work.resolve("bench.log"))
                .isTrue();
        benchTime = Duration.ofNanos(System.nanoTime() - start);

        Map<String, JsonNode> rows = new LinkedHashMap<>();
        Path results = benchDir.resolve("results.jsonl");
        assertThat(results).as("po bench wrote its results; see " + work.resolve("bench.log")).exists();
        for (String line : Files.readAllLines(results)) {
            JsonNode row = Json.mapper().readTree(line);
            rows.put(row.path("case").asString(), row);
        }
        run = new CorpusChecks.Run(dataset, benchDir, rows, intake);
    }

    @TestFactory
    Stream<DynamicNode> every_case_meets_the_acceptance_checks_of_issue_39() {
        Stream<DynamicNode> biomedicalMissing = AcceptanceCorpus.Scope.fromSystemProperty()
                == AcceptanceCorpus.Scope.FULL && AcceptanceCorpus.biomedicalDirectory().isEmpty()
                ? Stream.of(DynamicTest.dynamicTest("biomedical cases", () -> Assumptions.abort(
                        "the biomedical cases need -D" + AcceptanceCorpus.BIOMEDICAL_PROPERTY + "=<clone>/benchmark/"
                                + "test-cases (src/test/resources/corpus/biomedical.json names the repository and commit)")))
                : Stream.empty();
        return Stream.concat(biomedicalMissing, cases.stream().map(c -> DynamicContainer.dynamicContainer(c.name(),
                CorpusChecks.of(c, run).stream().map(check -> DynamicTest.dynamicTest(check.name(), () -> {
                    try {
                        check.body().execute();
                        verdict(c.name(), check.name(), "pass");
                    } catch (TestAbortedException skipped) {
                        verdict(c.name(), check.name(), "skip: " + firstLine(skipped.getMessage()));
                        throw skipped;
                    } catch (Throwable failure) {
                        verdict(c.name(), check.name(), "FAIL: " + firstLine(failure.getMessage()));
                        throw failure;
                    }
                })))));
    }

    @AfterAll
    static void write_the_table_of_verdicts() throws IOException {
        if (cases == null) {
            return;
        }
        Set<String> checks = new LinkedHashSet<>();
        VERDICTS.values().forEach(byCheck -> checks.addAll(byCheck.keySet()));
        List<String> lines = new ArrayList<>();
        lines.add("# Acceptance corpus: verdicts");
        lines.add("");
        lines.add("%d cases, one `po bench` (offline, --parallel 2, --iterations 1) in %d s.".formatted(cases.size(),
                benchTime == null ? -1 : benchTime.toSeconds()));
        lines.add("");
        lines.add("| case | " + String.join(" | ", checks) + " |");
        lines.add("|---|" + "---|".repeat(checks.size()));
        List<String> failures = new ArrayList<>();
        List<String> skips = new ArrayList<>();
        for (CorpusCase c : cases) {
            Map<String, String> byCheck = VERDICTS.getOrDefault(c.name(), Map.of());
            StringBuilder row = new StringBuilder("| " + c.name() + " |");
            for (String check : checks) {
                String verdict = byCheck.get(check);
                row.append(' ').append(verdict == null ? "" : verdict.startsWith("FAIL") ? "FAIL"
                        : verdict.startsWith("skip") ? "skip" : verdict).append(" |");
                if (verdict != null && verdict.startsWith("FAIL")) {
                    failures.add("- " + c.name() + " / " + check + ": " + verdict.substring(6));
                }
                if (verdict != null && verdict.startsWith("skip: ")) {
                    skips.add("- " + c.name() + " / " + check + ": " + verdict.substring(6));
                }
            }
            lines.add(row.toString());
        }
        lines.add("");
        lines.add("## Failures");
        lines.add("");
        lines.addAll(failures);
        lines.add("");
        lines.add("## Skipped (what a case cannot do offline, and why)");
        lines.add("");
        lines.addAll(skips);
        Files.write(REPORT.resolve("results.md"), lines);
    }

    private static synchronized void verdict(String caseName, String check, String verdict) {
        VERDICTS.computeIfAbsent(caseName, name -> new LinkedHashMap<>()).put(check, verdict);
    }

    private static String firstLine(String message) {
        if (message == null) {
            return "";
        }
        String flat = message.strip().replaceAll("\\s+", " ");
        return flat.length() > 400 ? flat.substring(0, 400) + "..." : flat;
    }
}
