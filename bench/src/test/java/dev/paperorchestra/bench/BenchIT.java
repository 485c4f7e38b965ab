package dev.paperorchestra.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.paperorchestra.bench.testing.CaseDirectories;
import dev.paperorchestra.bench.report.HeadlessChromium;
import dev.paperorchestra.bench.run.SubmittedPapers;
import dev.paperorchestra.embedded.broker.EmbeddedKraftBroker;
import dev.paperorchestra.cli.PoCommand;
import dev.paperorchestra.base.json.Json;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * The "done when" of {@code po bench}: twelve cases (ten valid variations of the two examples, two broken)
 * with {@code --parallel 4}, offline, on the embedded broker; the bench JVM is killed (SIGKILL, no shutdown
 * hook) while papers are in flight, then the same command resumes it. Every case ends with the right row, no
 * paper was put on paper-requests twice, and the report renders in Chromium.
 */
class BenchIT {

    private static final Path EXAMPLES = Path.of("..", "examples").toAbsolutePath().normalize();

    @Test
    void a_killed_bench_run_resumes_to_a_correct_row_per_case_without_submitting_any_paper_twice() throws Exception {
        Files.createDirectories(Path.of("target"));
        Path work = Files.createTempDirectory(Path.of("target").toAbsolutePath(), "bench-it-");
        Path dataset = synthesize(work.resolve("dataset"));
        Path benchDir = work.resolve("bench");
        Path journal = benchDir.resolve("journal.jsonl");

        Process first = bench(dataset, benchDir, work.resolve("first.log"));
        // kill once some papers are done and others are still running
        await().atMost(Duration.ofMinutes(8)).pollInterval(Duration.ofMillis(500))
                .until(() -> !first.isAlive() || written(journal) >= 2 && running(journal) >= 2);
        assertThat(first.isAlive()).as("the first run is still going when it is killed").isTrue();
        first.destroyForcibly();
        assertThat(first.waitFor(30, TimeUnit.SECONDS)).isTrue();
        List<String> inFlightAtKill = runningCases(journal);
        assertThat(inFlightAtKill).isNotEmpty();

        // resumed, then stopped in order by SIGINT (Ctrl-C) once it has finished one more case
        long writtenAtKill = written(journal);
        Process second = bench(dataset, benchDir, work.resolve("second.log"));
        await().atMost(Duration.ofMinutes(8)).pollInterval(Duration.ofMillis(500))
                .until(() -> !second.isAlive() || written(journal) > writtenAtKill && running(journal) >= 1);
        assertThat(second.isAlive()).as("the resumed run is still going when it is stopped").isTrue();
        Process interrupt = new ProcessBuilder("kill", "-INT", Long.toString(second.pid())).start();
        assertThat(interrupt.waitFor(30, TimeUnit.SECONDS) && interrupt.exitValue() == 0).isTrue();
        assertThat(second.waitFor(2, TimeUnit.MINUTES)).as("SIGINT stops the run in order").isTrue();
        String secondLog = Files.readString(work.resolve("second.log"));
        assertThat(second.exitValue()).as(secondLog).isEqualTo(130);
        assertThat(secondLog).contains("re-attached", "po bench: interrupted.", "partial report",
                "po bench: resume with: po bench " + dataset);
        assertThat(benchDir.resolve("report.html")).content().contains("interrupted", "resume with");

        Process third = bench(dataset, benchDir, work.resolve("third.log"));
        assertThat(third.waitFor(12, TimeUnit.MINUTES)).as("the resumed run finishes").isTrue();
        String thirdLog = Files.readString(work.resolve("third.log"));
        // two broken cases: the run says so in its exit code
        assertThat(third.exitValue()).as(thirdLog).isEqualTo(1);
        assertThat(thirdLog).contains("re-attached", "po bench: 10 of 12 cases complete, 2 invalid;");

        Map<String, JsonNode> rows = new HashMap<>();
        Files.readAllLines(benchDir.resolve("results.jsonl")).forEach(line -> {
            JsonNode row = Json.mapper().readTree(line);
            rows.put(row.get("case").asString(), row);
        });
        assertThat(rows).hasSize(12);
        for (JsonNode row : rows.values()) {
            String name = row.get("case").asString();
            if (name.startsWith("broken")) {
                continue;
            }
            assertThat(row.get("state").asString()).as(name + ": " + row).isEqualTo("complete");
            assertThat(row.get("mode").asString()).isEqualTo("offline");
            assertThat(row.get("tables").asInt()).isPositive();
            assertThat(row.get("figures").asInt()).isPositive();
            assertThat(row.get("verified_citations").asInt()).isPositive();
            assertThat(row.get("compile_status").asString()).isEqualTo("COMPILED");
            assertThat(row.get("main_text_pages").asInt()).isLessThanOrEqualTo(row.get("page_limit").asInt());
            assertThat(benchDir.resolve(row.get("output_dir").asString()).resolve("paper.pdf")).exists();
        }
        JsonNode missingLog = rows.get("broken-missing-log");
        assertThat(missingLog.get("state").asString()).isEqualTo("invalid");
        assertThat(missingLog.get("failure_reason").asString()).contains("experimental_log.md");
        JsonNode emptyIdea = rows.get("broken-empty-idea");
        // the intake po run applies refuses an empty file before anything is submitted
        assertThat(emptyIdea.get("state").asString()).isEqualTo("invalid");
        assertThat(emptyIdea.get("failure_reason").asString()).contains("idea.md");
        // citation F1 ran on the cases with a reference, offline for all references only
        for (String name : List.of("cvpr-1", "iclr-1")) {
            assertThat(rows.get(name).get("citation_all_recall").asDouble()).as(name)
                    .isEqualTo(expectedRecall(dataset.resolve(name), benchDir.resolve(rows.get(name).get("output_dir").asString())));
        }
        assertThat(rows.get("cvpr-1").get("autoraters_skipped").asString()).contains("literature-quality", "offline");
        // the human paper's counts beside the generated one's (reference/paper.tex cites one key, no floats)
        assertThat(rows.get("cvpr-1").get("human_citations").asInt()).isEqualTo(1);
        assertThat(rows.get("cvpr-1").get("human_figures").asInt()).isZero();
        assertThat(rows.get("cvpr-2").has("human_citations")).isFalse();
        // one review score per iteration (iteration 0 and the one refinement)
        assertThat(rows.get("cvpr-2").get("review_scores").asString()).matches("[0-9.?]+, [0-9.?]+");
        assertThat(benchDir.resolve("report.html")).content().contains("Against the human paper (reference/): citations ",
                "Review score per iteration", "<img src=\"cases/cvpr-2/");
        assertThat(benchDir.resolve("cases/cvpr-1/autoraters/citation_f1.json")).content().contains("p0p1Skipped");

        JsonNode summary = Json.mapper().readTree(benchDir.resolve("summary.json").toFile());
        assertThat(summary.get("states").get("complete").asInt()).isEqualTo(10);
        assertThat(summary.get("notes").get("autoraters").asString()).contains("skipped");

        Map<String, Integer> requests;
        try (EmbeddedKraftBroker broker = EmbeddedKraftBroker.start(benchDir.resolve("state").resolve("kafka"))) {
            requests = SubmittedPapers.read(broker.bootstrapServers());
        }
        // ten valid cases submitted once each; the two broken ones never reached paper-requests
        assertThat(requests).hasSize(10).allSatisfy((paperId, times) -> assertThat(times).as(paperId).isEqualTo(1));
        rows.values().stream().filter(row -> !row.get("state").asString().equals("invalid"))
                .forEach(row -> assertThat(requests).containsKey(row.get("paper_id").asString()));

        var chromium = HeadlessChromium.binary();
        if (chromium.isPresent()) {
            HeadlessChromium.assertReportRendered(HeadlessChromium.open(chromium.get(), benchDir.resolve("report.html")));
        }

        // nothing left: the report is rebuilt and no deployment starts (no broker, no agents)
        Files.delete(benchDir.resolve("report.html"));
        Process idle = bench(dataset, benchDir, work.resolve("idle.log"));
        assertThat(idle.waitFor(3, TimeUnit.MINUTES)).isTrue();
        String idleLog = Files.readString(work.resolve("idle.log"));
        assertThat(idle.exitValue()).as(idleLog).isEqualTo(1);
        assertThat(idleLog).contains("nothing left to run").doesNotContain("starting the embedded pipeline", "broker");
        assertThat(benchDir.resolve("report.html")).exists();
    }

    private static Process bench(Path dataset, Path benchDir, Path log) throws IOException {
        String java = ProcessHandle.current().info().command().orElse("java");
        List<String> command = new ArrayList<>(List.of(java, "-Xmx700m", "-XX:TieredStopAtLevel=1",
                "-Djava.awt.headless=true", "-cp", System.getProperty("java.class.path"), PoCommand.class.getName(),
                "bench", dataset.toString(), "--out", benchDir.toString(), "--parallel", "4", "--offline",
                "--iterations", "1", "--autoraters", "citation-f1,literature-quality", "--timeout", "PT10M"));
        return new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
    }

    /** Ten variations of the two examples, two of them with a reference paper, and two broken cases. */
    private static Path synthesize(Path dataset) throws IOException {
        for (int i = 1; i <= 5; i++) {
            CaseDirectories.copy(EXAMPLES.resolve("cvpr-sparse-depth"), dataset.resolve("cvpr-" + i));
            Files.writeString(dataset.resolve("cvpr-" + i).resolve("job.json"),
                    "{\"cutoffDate\": \"2024-11\", \"venue\": \"CVPR 2025\", \"pageLimit\": " + (i % 2 == 0 ? 9 : 8) + "}");
            CaseDirectories.copy(EXAMPLES.resolve("iclr-adaptive-optim"), dataset.resolve("iclr-" + i));
            Files.writeString(dataset.resolve("iclr-" + i).resolve("job.json"),
                    "{\"cutoffDate\": \"" + (i % 2 == 0 ? "2024-09" : "2024-10") + "\", \"venue\": \"ICLR 2025\"}");
        }
        reference(dataset.resolve("cvpr-1"));
        reference(dataset.resolve("iclr-1"));
        CaseDirectories.copy(EXAMPLES.resolve("broken").resolve("missing-log"), dataset.resolve("broken-missing-log"));
        CaseDirectories.copy(EXAMPLES.resolve("broken").resolve("empty-idea"), dataset.resolve("broken-empty-idea"));
        return dataset;
    }

    /** A human reference list: three papers the recorded answers know (with abstracts, before 2024) and one unknown. */
    private static void reference(Path materials) throws IOException {
        StringBuilder bib = new StringBuilder();
        List<JsonNode> known = referencePapers(materials);
        for (int i = 0; i < known.size(); i++) {
            bib.append("@article{ref").append(i).append(", title = {").append(known.get(i).get("title").asString())
                    .append("}}\n");
        }
        bib.append("@article{unknown, title = {A Paper No Recorded Answer Knows About Anything}}\n");
        Path reference = Files.createDirectories(materials.resolve("reference"));
        Files.writeString(reference.resolve("references.bib"), bib.toString());
        Files.writeString(reference.resolve("paper.tex"), "\\documentclass{article}\\begin{document}"
                + "\\section{Introduction} human text \\cite{ref0}\\section{Method} m\\end{document}\n");
    }

    private static List<JsonNode> referencePapers(Path materials) throws IOException {
        List<JsonNode> known = new ArrayList<>();
        Json.mapper().readTree(materials.resolve("scholar_records.json").toFile()).get("papers").forEach(paper -> {
            if (known.size() < 3 && paper.hasNonNull("abstract") && paper.path("year").asInt() < 2024) {
                known.add(paper);
            }
        });
        return known;
    }

    /** Recall by hand: the reference papers the generated citation map holds, over the four references. */
    private static double expectedRecall(Path materials, Path outputDir) throws IOException {
        JsonNode map = Json.mapper().readTree(outputDir.resolve("citation_map.json").toFile());
        List<String> generated = new ArrayList<>();
        map.get("keys").forEach(paper -> generated.add(paper.get("scholarId").asString()));
        long cited = referencePapers(materials).stream().filter(p -> generated.contains(p.get("paperId").asString())).count();
        return Math.round(10_000.0 * cited / 4) / 10_000.0;
    }


    private static long count(Path journal, String state) throws IOException {
        return latestStates(journal).values().stream().filter(state::equals).count();
    }

    /** Cases whose paper was written, complete or not. */
    private static long written(Path journal) throws IOException {
        return count(journal, "COMPLETE") + count(journal, "INCOMPLETE");
    }

    private static long running(Path journal) throws IOException {
        return count(journal, "RUNNING");
    }

    private static List<String> runningCases(Path journal) throws IOException {
        return latestStates(journal).entrySet().stream().filter(e -> e.getValue().equals("RUNNING"))
                .map(Map.Entry::getKey).toList();
    }

    private static Map<String, String> latestStates(Path journal) throws IOException {
        Map<String, String> states = new HashMap<>();
        if (!Files.exists(journal)) {
            return states;
        }
        for (String line : Files.readAllLines(journal)) {
            try {
                JsonNode entry = Json.mapper().readTree(line);
                states.put(entry.get("case").asString(), entry.get("state").asString());
            } catch (RuntimeException e) {
                // a line being written right now
            }
        }
        return states;
    }
}
