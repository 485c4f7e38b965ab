package dev.paperorchestra.runtime.health;

import static org.assertj.core.api.Assertions.assertThat;

import org.apache.kafka.streams.KafkaStreams.State;
import org.junit.jupiter.api.Test;
import org.springframework.boot.health.contributor.Status;
import java.util.List;

class KafkaStreamsHealthIndicatorTest {

    @Test
    void a_topology_is_ready_only_when_running_or_rebalancing_after_it_has_run() {
        assertThat(KafkaStreamsHealthIndicator.ready(State.RUNNING, true)).isTrue();
        assertThat(KafkaStreamsHealthIndicator.ready(State.REBALANCING, true)).isTrue();
        assertThat(KafkaStreamsHealthIndicator.ready(State.REBALANCING, false)).isFalse();
        assertThat(KafkaStreamsHealthIndicator.ready(State.CREATED, false)).isFalse();
        assertThat(KafkaStreamsHealthIndicator.ready(State.PENDING_ERROR, true)).isFalse();
        assertThat(KafkaStreamsHealthIndicator.ready(State.ERROR, true)).isFalse();
        assertThat(KafkaStreamsHealthIndicator.ready(State.NOT_RUNNING, true)).isFalse();
    }

    @Test
    void a_topology_is_dead_after_an_error_or_once_stopped_after_having_run() {
        assertThat(KafkaStreamsHealthIndicator.alive(State.ERROR, false)).isFalse();
        assertThat(KafkaStreamsHealthIndicator.alive(State.PENDING_ERROR, true)).isFalse();
        assertThat(KafkaStreamsHealthIndicator.alive(State.PENDING_SHUTDOWN, true)).isFalse();
        assertThat(KafkaStreamsHealthIndicator.alive(State.NOT_RUNNING, true)).isFalse();
        assertThat(KafkaStreamsHealthIndicator.alive(State.NOT_RUNNING, false)).isTrue();
        assertThat(KafkaStreamsHealthIndicator.alive(State.CREATED, false)).isTrue();
        assertThat(KafkaStreamsHealthIndicator.alive(State.REBALANCING, true)).isTrue();
        assertThat(KafkaStreamsHealthIndicator.alive(State.RUNNING, true)).isTrue();
    }

    @Test
    void an_agent_without_topologies_is_up_on_both_probes() {
        for (KafkaStreamsHealthIndicator.Probe probe : KafkaStreamsHealthIndicator.Probe.values()) {
            assertThat(new KafkaStreamsHealthIndicator(probe, List::of).health().getStatus()).isEqualTo(Status.UP);
        }
    }
}
