package dev.paperorchestra.bench.simulate;

import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.Random;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;

/**
 * How long the simulated model takes per step, before compression by the time factor: a log-normal draw around
 * the step's mean (the log's standard deviation is {@code sigma}), seeded so a run is repeatable. The defaults
 * follow the reference method's scale (a paper costs about 30-40 minutes of model time): long writing and
 * revising calls, shorter search and critic calls.
 */
public record ModelLatencies(Map<String, Duration> means, double sigma) {

    /** Real-time means per step (the steps of {@link ScriptedModel#step}). */
    public static final Map<String, Duration> DEFAULT_MEANS = Map.of(
            "outline", Duration.ofSeconds(120),
            "search", Duration.ofSeconds(20),
            "draft-literature", Duration.ofSeconds(150),
            "chart-spec", Duration.ofSeconds(30),
            "critic", Duration.ofSeconds(15),
            "write", Duration.ofSeconds(240),
            "repair", Duration.ofSeconds(120),
            "review", Duration.ofSeconds(60),
            "revise", Duration.ofSeconds(150));

    /** The log-normal's sigma when none is given: a call's latency varies by about half its mean. */
    public static final double DEFAULT_SIGMA = 0.5;

    public ModelLatencies {
        means = Map.copyOf(means);
        if (!(sigma >= 0)) {
            throw new IllegalArgumentException("the latency sigma must be zero or more, not " + sigma);
        }
    }

    public static ModelLatencies defaults() {
        return new ModelLatencies(DEFAULT_MEANS, DEFAULT_SIGMA);
    }

    /**
     * The defaults with some steps' means replaced ({@code po simulate --latency write=PT200S}) and the given
     * sigma. A step the scripted model does not know, or a mean that is not positive, is refused with the steps
     * there are, so a typo cannot leave the default silently in place.
     */
    public static ModelLatencies of(Map<String, Duration> overrides, double sigma) {
        Map<String, Duration> means = new HashMap<>(DEFAULT_MEANS);
        overrides.forEach((step, mean) -> {
            if (!DEFAULT_MEANS.containsKey(step)) {
                throw new IllegalArgumentException("no model step '" + step + "' to set a latency for; the steps are "
                        + String.join(", ", new TreeSet<>(DEFAULT_MEANS.keySet())));
            }
            if (mean.isNegative() || mean.isZero()) {
                throw new IllegalArgumentException("the mean latency of '" + step + "' must be positive, not " + mean);
            }
            means.put(step, mean);
        });
        return new ModelLatencies(means, sigma);
    }

    /** The mean of a step in real time. */
    public Duration mean(String step) {
        return means.getOrDefault(step, Duration.ofSeconds(60));
    }

    /**
     * Draws for a run: each step has its own random sequence, seeded from the run's seed and the step, so the
     * n-th call of a step gets the same latency whatever the calls of other steps did before it. With one
     * sequence shared by all steps, a deployment that merely sent one call sooner handed its latency to another
     * step, and two runs of the same papers drew different workloads.
     */
    public Draws draws(long seed) {
        return new Draws(seed);
    }

    /** The per-step random sequences of one run (see {@link #draws(long)}); safe for concurrent callers. */
    public final class Draws {

        private final long seed;
        private final Map<String, Random> byStep = new ConcurrentHashMap<>();

        private Draws(long seed) {
            this.seed = seed;
        }

        /** The next draw of the step's sequence, in real time. */
        public Duration next(String step) {
            Random random = byStep.computeIfAbsent(step, name -> new Random(seed * 31 + name.hashCode()));
            synchronized (random) {
                return draw(step, random);
            }
        }
    }

    /** One draw for a step, in real time, with the log-normal's mean equal to the step's mean. */
    public Duration draw(String step, Random random) {
        double mu = Math.log(mean(step).toMillis()) - sigma * sigma / 2;
        return Duration.ofMillis(Math.round(Math.exp(mu + sigma * random.nextGaussian())));
    }
}
