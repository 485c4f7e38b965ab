package dev.paperorchestra.bench.simulate;

import java.nio.file.Path;
import java.time.Duration;

/**
 * One load simulation.
 *
 * @param papers           synthetic papers submitted at once
 * @param out              where simulation.json, the materials, the state and the papers' outputs go
 * @param examples         the examples directory whose materials and recorded scholar records seed the fields
 * @param timeFactor       every simulated duration (model latency, the Semantic Scholar spacing) is divided by it
 * @param modelConcurrency model requests answered at once by the simulated provider
 * @param latencies        model latency per step before compression
 * @param s2Spacing        Semantic Scholar's real least spacing between requests (1 s per key)
 * @param refineIterations refinement iterations per paper
 * @param parallel         consumer threads per agent listener ({@code po.kafka.listener-concurrency}) and
 *                         discovery workers
 * @param timeout          longest the whole simulation may take in wall time
 * @param seed             seed of the latency draws, of the generated materials and of the batch items that fail
 * @param batches          how the simulated provider's batch endpoints behave (their delay is compressed too)
 */
public record SimulationSettings(int papers, Path out, Path examples, double timeFactor, int modelConcurrency,
        ModelLatencies latencies, Duration s2Spacing, int refineIterations, int parallel, Duration timeout,
        long seed, BatchSettings batches) {

    /** With the batch endpoints' {@link BatchSettings#defaults() defaults}. */
    public SimulationSettings(int papers, Path out, Path examples, double timeFactor, int modelConcurrency,
            ModelLatencies latencies, Duration s2Spacing, int refineIterations, int parallel, Duration timeout,
            long seed) {
        this(papers, out, examples, timeFactor, modelConcurrency, latencies, s2Spacing, refineIterations, parallel,
                timeout, seed, BatchSettings.defaults());
    }

    public SimulationSettings {
        if (papers < 1) {
            throw new IllegalArgumentException("a simulation needs at least one paper, not " + papers);
        }
        if (timeFactor < 1) {
            throw new IllegalArgumentException("the time factor compresses time: it must be at least 1, not "
                    + timeFactor);
        }
        if (modelConcurrency < 1) {
            throw new IllegalArgumentException("model concurrency must be at least 1, not " + modelConcurrency);
        }
    }

    /** The Semantic Scholar spacing the simulation enforces and the verifier keeps: the real one, compressed. */
    public Duration compressedS2Spacing() {
        return Duration.ofNanos(Math.round(s2Spacing.toNanos() / timeFactor));
    }
}
