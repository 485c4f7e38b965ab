package dev.paperorchestra.runtime.health;

import dev.paperorchestra.runtime.streams.KafkaStreamsService;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Supplier;
import org.apache.kafka.streams.KafkaStreams.State;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.HealthIndicator;

/**
 * The agent's Kafka Streams topologies as a readiness or a liveness check (one bean of each).
 * <ul>
 * <li>Ready: every topology is RUNNING, or REBALANCING after it has run once (a rebalance in steady state is
 * brief and expected; at start-up the topology is not ready until its first assignment is restored).</li>
 * <li>Live: no topology has died for good, that is ERROR, or stopped (PENDING_SHUTDOWN, NOT_RUNNING) after
 * having run. The runtime does not restart a dead topology itself: a failed liveness probe makes the platform
 * restart the agent, which rebuilds its state from the changelogs.</li>
 * </ul>
 * An agent without topologies is UP on both.
 */
public final class KafkaStreamsHealthIndicator implements HealthIndicator {

    /** Which probe this indicator answers. */
    public enum Probe {
        READINESS, LIVENESS
    }

    private final Probe probe;
    private final Supplier<List<KafkaStreamsService>> services;

    public KafkaStreamsHealthIndicator(Probe probe, Supplier<List<KafkaStreamsService>> services) {
        this.probe = probe;
        this.services = services;
    }

    @Override
    public Health health() {
        Map<String, String> topologies = new TreeMap<>();
        boolean up = true;
        for (KafkaStreamsService service : services.get()) {
            State state = service.state();
            up &= probe == Probe.READINESS ? ready(state, service.hasRun()) : alive(state, service.hasRun());
            topologies.put(service.name(), state.name());
        }
        return (up ? Health.up() : Health.down()).withDetails(topologies).build();
    }

    static boolean ready(State state, boolean hasRun) {
        return state == State.RUNNING || (state == State.REBALANCING && hasRun);
    }

    static boolean alive(State state, boolean hasRun) {
        return switch (state) {
            case ERROR, PENDING_ERROR -> false;
            case PENDING_SHUTDOWN, NOT_RUNNING -> !hasRun;
            case CREATED, REBALANCING, RUNNING -> true;
        };
    }
}
