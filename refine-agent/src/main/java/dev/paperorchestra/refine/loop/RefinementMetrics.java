package dev.paperorchestra.refine.loop;

import dev.paperorchestra.schemas.ReviewScores;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.DistributionSummary;
import io.micrometer.core.instrument.MeterRegistry;
import java.util.Map;

/**
 * The loop's domain metrics, tagged by decision kind and score axis, never by paper: iterations per paper,
 * decisions by kind, and the change of every score axis a decision was made on (overall and each sub-axis).
 */
public final class RefinementMetrics {

    static final String ITERATIONS = "po.refine.iterations";
    static final String DECISIONS = "po.refine.decisions";
    static final String SCORE_DELTA = "po.refine.score.delta";

    private final MeterRegistry registry;

    public RefinementMetrics(MeterRegistry registry) {
        this.registry = registry;
    }

    void decided(Decision decision, ReviewScores before, ReviewScores after) {
        decided(decision);
        delta("overall", after.getOverall() - before.getOverall());
        for (Map.Entry<String, Double> axis : after.getSubScores().entrySet()) {
            Double previous = before.getSubScores().get(axis.getKey());
            if (previous != null) {
                delta(axis.getKey(), axis.getValue() - previous);
            }
        }
    }

    void decided(Decision decision) {
        Counter.builder(DECISIONS).description("Refinement decisions by kind").tag("kind", decision.kind().label())
                .register(registry).increment();
    }

    void completed(int iterations) {
        DistributionSummary.builder(ITERATIONS).description("Refinement iterations run per paper")
                .register(registry).record(iterations);
    }

    /**
     * A summary ignores negative amounts, so the size of the change is recorded under its direction: the net
     * change of an axis is the "up" sum minus the "down" sum.
     */
    private void delta(String axis, double change) {
        String direction = change > 0 ? "up" : change < 0 ? "down" : "none";
        DistributionSummary.builder(SCORE_DELTA).description("Size of the score change of a reviewed revision")
                .tag("axis", axis).tag("direction", direction).register(registry).record(Math.abs(change));
    }
}
