package dev.paperorchestra.refine.loop;

import static dev.paperorchestra.refine.DraftFixtures.scores;
import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.util.List;
import org.junit.jupiter.api.Test;

class RefinementMetricsTest {

    private final SimpleMeterRegistry registry = new SimpleMeterRegistry();
    private final RefinementMetrics metrics = new RefinementMetrics(registry);

    @Test
    void counts_decisions_by_kind() {
        metrics.decided(new Decision.Keep("k"), scores(5, 2), scores(6, 2));
        metrics.decided(new Decision.Revert("r"), scores(6, 2), scores(5, 2));
        metrics.decided(RevisionAcceptance.reject(List.of("compile failed")));

        assertThat(registry.get(RefinementMetrics.DECISIONS).tag("kind", "kept").counter().count()).isEqualTo(1);
        assertThat(registry.get(RefinementMetrics.DECISIONS).tag("kind", "reverted").counter().count()).isEqualTo(1);
        assertThat(registry.get(RefinementMetrics.DECISIONS).tag("kind", "rejected").counter().count()).isEqualTo(1);
    }

    @Test
    void records_the_size_of_every_axis_change_under_its_direction() {
        metrics.decided(new Decision.Keep("k"), scores(5, 2), scores(7, 3));
        metrics.decided(new Decision.Revert("r"), scores(7, 3), scores(6, 3));

        assertThat(registry.get(RefinementMetrics.SCORE_DELTA).tag("axis", "overall").tag("direction", "up")
                .summary().totalAmount()).isEqualTo(2.0);
        assertThat(registry.get(RefinementMetrics.SCORE_DELTA).tag("axis", "overall").tag("direction", "down")
                .summary().totalAmount()).isEqualTo(1.0);
        assertThat(registry.get(RefinementMetrics.SCORE_DELTA).tag("axis", "Clarity").tag("direction", "none")
                .summary().count()).isEqualTo(1);
    }

    @Test
    void records_iterations_per_completed_paper() {
        metrics.completed(2);
        metrics.completed(3);

        assertThat(registry.get(RefinementMetrics.ITERATIONS).summary().count()).isEqualTo(2);
        assertThat(registry.get(RefinementMetrics.ITERATIONS).summary().totalAmount()).isEqualTo(5.0);
    }
}
