package dev.paperorchestra.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.paperorchestra.base.json.Json;
import dev.paperorchestra.bench.simulate.BatchSettings;
import dev.paperorchestra.bench.simulate.SimulatedProviders;
import dev.paperorchestra.bench.simulate.StubCounts;
import dev.paperorchestra.cli.PoCommand;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * Issue 42's batch run: {@code po bench DATASET --batch} in model mode, as a child JVM, against the stand-in model
 * server's batch endpoints, which fail one item in ten on purpose. The run is killed (SIGKILL) while a batch it
 * has sent and polled is still in progress and another has been accepted by the stand-in without the agent
 * hearing of it (its reply held), and run again with the same {@code --out}: the restarted agents find the first
 * batch on {@code llm-batches} and poll it again, and find the second by the local id its intent journaled, in the
 * batch's metadata, instead of sending its calls again. Both papers are written; every model answer came from a
 * batch except the synchronous fallbacks of the failed items, one each; no request was answered twice. (The
 * stand-in bills a batch when it ends, read or not, as a provider does: an agent that lost track of the pending
 * batch and sent its calls again would pay twice, and this fails.)
 */
class BenchBatchIT {

    private static final Path EXAMPLES = Path.of("..", "examples").toAbsolutePath().normalize();
    /** One second at the stand-in's time factor of 120, and one item in ten fails. */
    private static final BatchSettings BATCHES = new BatchSettings(Duration.ofMinutes(2), 0.1, false);

    @Test
    void a_dataset_runs_through_batches_only_and_a_run_killed_with_a_batch_pending_pays_nothing_twice()
            throws Exception {
        Files.createDirectories(Path.of("target"));
        Path work = Files.createTempDirectory(Path.of("target").toAbsolutePath(), "bench-batch-it-");
        try (SimulatedProviders providers = SimulatedProviders.start(EXAMPLES, work.resolve("dataset"), 2, 120,
                BATCHES)) {
            Process first = po(providers, work, "first.log");
            await().atMost(Duration.ofMinutes(8)).pollInterval(Duration.ofMillis(100))
                    .until(() -> !first.isAlive() || providers.counts().modelBatches() >= 3
                            && providers.modelBatchesWaitedFor() > 0);
            assertThat(first.isAlive()).as(log(work, "first.log")).isTrue();
            // and the next batch is accepted but its reply held: killed before the agent journals its id
            providers.holdModelBatchReplies();
            await().atMost(Duration.ofMinutes(2)).pollInterval(Duration.ofMillis(100))
                    .until(() -> !first.isAlive() || providers.heldModelBatchReplies() > 0);
            assertThat(first.isAlive()).as(log(work, "first.log")).isTrue();
            // a synchronous fallback in flight at the kill is paid again by design (its answer never reached the
            // cache), as in the chaos suite: new requests wait at the gate and the kill comes once only the held
            // batch is in flight
            providers.modelGate().hold();
            await().atMost(Duration.ofMinutes(1)).pollInterval(Duration.ofMillis(50))
                    .until(() -> providers.counts().modelInFlight() <= providers.heldModelBatchReplies());
            first.destroyForcibly();
            assertThat(first.waitFor(30, TimeUnit.SECONDS)).isTrue();
            providers.modelGate().abandonHeld();
            providers.releaseModelBatchReplies();
            long batchesAtKill = providers.counts().modelBatches();

            Process second = po(providers, work, "second.log");
            assertThat(second.waitFor(12, TimeUnit.MINUTES)).as("the rerun finishes").isTrue();
            String secondLog = log(work, "second.log");
            assertThat(second.exitValue()).as(secondLog).isZero();

            StubCounts counts = providers.counts();
            assertThat(counts.modelBatches()).as("the rerun sent batches of its own").isGreaterThan(batchesAtKill);
            assertThat(counts.modelBatchItems()).as("answers from batches").isGreaterThan(20);
            assertThat(counts.modelBatchFailed()).as("the stand-in failed some items").isPositive();
            assertThat(counts.modelRepeats()).as("model requests answered twice: %s", providers.repeats()).isZero();
            assertThat(counts.modelSync()).as("synchronous calls: the failed items' fallbacks, one each")
                    .isEqualTo(counts.modelBatchFailed());
            List<JsonNode> papers = summaries(work.resolve("bench").resolve("cases"));
            assertThat(papers).hasSize(2).allSatisfy(summary -> assertThat(summary.path("llm").path("batchCalls")
                    .asLong()).as("each paper's summary counts its batch calls").isPositive());
            JsonNode bench = Json.mapper().readTree(Files.readString(work.resolve("bench").resolve("summary.json")));
            assertThat(bench.path("run").path("batch").asBoolean()).isTrue();
            assertThat(bench.path("cost").path("batchCalls").asLong()).isEqualTo(papers.stream()
                    .mapToLong(summary -> summary.path("llm").path("batchCalls").asLong()).sum());
        }
    }

    private static Process po(SimulatedProviders providers, Path work, String logName) throws IOException {
        String java = ProcessHandle.current().info().command().orElse("java");
        List<String> command = new ArrayList<>(List.of(java, "-Xmx1200m", "-XX:TieredStopAtLevel=1",
                "-Djava.awt.headless=true", "-cp", System.getProperty("java.class.path"), PoCommand.class.getName(),
                "bench", work.resolve("dataset").toString(), "--out", work.resolve("bench").toString(), "--batch",
                "--parallel", "2", "--timeout", "PT10M", "--autoraters", "citation-f1", "--allow-incomplete",
                "--llm", "openai", "--llm-base-url", providers.modelBaseUrl(), "--llm-model", "simulated-model",
                "--s2-base-url", providers.scholarBaseUrl(), "--openalex-base-url", providers.scholarBaseUrl()));
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(work.resolve(logName).toFile());
        builder.environment().put("PO_LLM_API_KEY", "stub-key");
        builder.environment().put("PO_LITERATURE_S2_REQUEST_SPACING", "20ms");
        builder.environment().put("PO_LLM_BATCH_POLL_INTERVAL", "200ms");
        builder.environment().put("PO_LLM_BATCH_GATHER_WINDOW", "300ms");
        return builder.start();
    }

    private static List<JsonNode> summaries(Path benchDir) throws IOException {
        try (Stream<Path> files = Files.walk(benchDir)) {
            List<Path> found = files.filter(file -> file.getFileName().toString().equals("summary.json")).toList();
            List<JsonNode> summaries = new ArrayList<>();
            for (Path file : found) {
                summaries.add(Json.mapper().readTree(Files.readString(file)));
            }
            return summaries;
        }
    }

    private static String log(Path work, String name) throws IOException {
        return Files.readString(work.resolve(name));
    }
}
