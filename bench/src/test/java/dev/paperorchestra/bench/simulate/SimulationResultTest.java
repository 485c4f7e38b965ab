package dev.paperorchestra.bench.simulate;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SimulationResultTest {

    @Test
    void simulation_json_reports_the_shortest_measured_path_beside_the_estimate() {
        SimulationResult measured = result(List.of(21.5, 18.25, 30.0));
        SimulationResult none = result(List.of());

        assertThat(measured.toJson().get("measuredCriticalPathSeconds").asDouble()).isEqualTo(18.25);
        assertThat(measured.toJson().get("criticalPathSeconds").asDouble()).isEqualTo(12.0);
        assertThat(measured.detailJson().get("measuredCriticalPathMedianSeconds").asDouble()).isEqualTo(21.5);
        assertThat(none.toJson().get("measuredCriticalPathSeconds").isNull()).isTrue();
    }

    @Test
    void simulation_json_reports_queue_waits_apart_from_hops_and_the_detail_breaks_both_down_by_topic() {
        SimulationResult result = result(List.of(20.0));

        assertThat(result.toJson().get("hopLatencyP99Ms").asLong()).isEqualTo(200);
        assertThat(result.toJson().get("queueWaitP50Ms").asLong()).isEqualTo(5);
        assertThat(result.toJson().get("queueWaitP99Ms").asLong()).isEqualTo(900);
        var drafts = result.detailJson().at("/hopsByTopic/paper-drafts");
        assertThat(drafts.get("hops").asLong()).isEqualTo(4);
        assertThat(drafts.get("p99Ms").asLong()).isEqualTo(40);
        assertThat(drafts.get("maxMs").asLong()).isEqualTo(41);
        assertThat(drafts.get("queueWaitP99Ms").asLong()).isEqualTo(700);
        assertThat(drafts.get("queueWaitMaxMs").asLong()).isEqualTo(900);
    }

    private static SimulationResult result(List<Double> measured) {
        return new SimulationResult(3, measured.size(), 60, 20, 12, measured, 40, 5, 0, 2, 10, 120, 30, 100, 200,
                5, 900, 1000, 800, Map.of("writer-agent", 1.5), Map.of("write", 3),
                Map.of("paper-drafts", new HopLatencyProbe.TopicHops(4, 12, 40, 41, 0, 700, 900)));
    }
}
