package dev.paperorchestra.cli.simulate;

import java.time.Duration;
import java.util.Map;
import java.util.Random;

/**
 * How long the simulated model takes per step, before compression by the time factor: a log-normal draw around
 * the step's mean (sigma 0.5), seeded so a run is repeatable. The defaults follow the reference method's scale
 * (a paper costs about 30-40 minutes of model time): long writing and revising calls, shorter search and critic
 * calls.
 */
public record ModelLatencies(Map<String, Duration> means, double sigma) {

    /** Real-time means per step (see {@link ScriptedModel#step}). */
    public static final Map<String, Duration> DEFAULT_MEANS = Map.of(
            "outline", Duration.ofSeconds(120),
            "search", Duration.ofSeconds(30),
            "draft-literature", Duration.ofSeconds(150),
            "critic", Duration.ofSeconds(20),
            "write", Duration.ofSeconds(300),
            "repair", Duration.ofSeconds(120),
            "review", Duration.ofSeconds(90),
            "revise", Duration.ofSeconds(240));

    public ModelLatencies {
        means = Map.copyOf(means);
    }

    public static ModelLatencies defaults() {
        return new ModelLatencies(DEFAULT_MEANS, 0.5);
    }

    /** The mean of a step in real time. */
    public Duration mean(String step) {
        return means.getOrDefault(step, Duration.ofSeconds(60));
    }

    /** One draw for a step, in real time, with the log-normal's mean equal to the step's mean. */
    public Duration draw(String step, Random random) {
        double mu = Math.log(mean(step).toMillis()) - sigma * sigma / 2;
        return Duration.ofMillis(Math.round(Math.exp(mu + sigma * random.nextGaussian())));
    }
}
