package dev.paperorchestra.bench.simulate;

import dev.paperorchestra.cli.run.JobFlags;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code po simulate N --out DIR}: the load simulation, its figures printed and written to DIR/simulation.json. */
@Command(name = "simulate", mixinStandardHelpOptions = true,
        description = "Run N synthetic papers through the real agents against simulated model, Semantic Scholar and "
                + "OpenAlex services; print and write DIR/simulation.json.")
public final class SimulateCommand implements Callable<Integer> {

    @Parameters(index = "0", description = "Number of papers.")
    int papers;

    @Option(names = "--out", required = true, description = "Output directory (materials, state, simulation.json).")
    Path out;

    // 20, not more: the machine's own work (LaTeX, rendering, Kafka) is not compressed, and at 60 the 2-core
    // reference machine saturates at 200 papers, so the figures would measure its CPU rather than the deployment
    @Option(names = "--time-factor", defaultValue = "20",
            description = "Divides every simulated duration: model latencies and Semantic Scholar's 1 s spacing "
                    + "(default: ${DEFAULT-VALUE}).")
    double timeFactor;

    @Option(names = "--model-concurrency", defaultValue = "16",
            description = "Model requests the simulated provider answers at once (default: ${DEFAULT-VALUE}).")
    int modelConcurrency;

    /** Refinement iterations per paper. */
    @Mixin
    JobFlags.Iterations iterations = new JobFlags.Iterations();

    @Option(names = "--parallel", defaultValue = "8",
            description = "Consumer threads per agent listener, and at least as many partitions per topic; "
                    + "discovery gets twice as many workers (default: ${DEFAULT-VALUE}).")
    int parallel;

    @Option(names = "--timeout", defaultValue = "PT2H", description = "Longest wall time (default: ${DEFAULT-VALUE}).")
    Duration timeout;

    @Option(names = "--latency", paramLabel = "STEP=DURATION",
            description = "Mean model latency of a step before compression, ISO-8601, repeatable, e.g. "
                    + "--latency write=PT200S. Steps and defaults: outline PT2M, search PT20S, draft-literature "
                    + "PT2M30S, chart-spec PT30S, critic PT15S, write PT4M, repair PT2M, review PT1M, revise PT2M30S.")
    Map<String, Duration> latencies = new LinkedHashMap<>();

    @Option(names = "--latency-sigma", defaultValue = "0.5",
            description = "Sigma of the log-normal every latency is drawn from, around its step's mean; 0 draws the "
                    + "mean itself (default: ${DEFAULT-VALUE}).")
    double latencySigma;

    @Option(names = "--seed", defaultValue = "12",
            description = "Seed of the latency draws and the generated materials (default: ${DEFAULT-VALUE}).")
    long seed;

    @Override
    public Integer call() throws Exception {
        if (Files.exists(out.resolve("state"))) {
            // the scholar cache and the broker's topics of an earlier run would answer this one's look-ups and
            // mix its papers into the figures
            System.err.println("po simulate: " + out.toAbsolutePath() + " already holds an earlier simulation's "
                    + "state; give a new --out directory");
            return 2;
        }
        Path examples = Path.of(System.getProperty("po.home", ".")).resolve("examples");
        SimulationSettings settings;
        try {
            settings = new SimulationSettings(papers, out, examples, timeFactor, modelConcurrency,
                    ModelLatencies.of(latencies, latencySigma), Duration.ofSeconds(1), iterations.limit(), parallel, timeout,
                    seed);
        } catch (IllegalArgumentException e) {
            System.err.println("po simulate: " + e.getMessage());
            return 2;
        }
        SimulationResult result = LoadSimulation.run(settings, System.out);
        System.out.println(result.toJson().toPrettyString());
        System.out.printf(Locale.ROOT, "%d of %d papers completed; %d model calls, %.1f s model time (compressed)%n",
                result.completed(), result.papers(), result.modelCalls(), result.modelSeconds());
        if (result.cost() != null) {
            var cost = result.cost();
            System.out.printf(Locale.ROOT, "model cost per paper, an estimate at %s list prices (checked %s): "
                    + "synchronous $%.4f, with prompt caching $%.4f (%.0f%%), batch with caching $%.4f (%.0f%%); "
                    + "%.0f input tokens per paper, %.0f of them cache reads%n", cost.pricedAs(), cost.pricesChecked(),
                    cost.synchronous().dollars(), cost.synchronousCached().dollars(),
                    100 * cost.synchronousCachedShare(), cost.batchCached().dollars(), 100 * cost.batchCachedShare(),
                    cost.synchronous().inputTokens(), cost.synchronousCached().cachedInputTokens());
        }
        System.out.println("written to " + out.toAbsolutePath().resolve("simulation.json"));
        return result.completed() == result.papers() ? 0 : 1;
    }
}
