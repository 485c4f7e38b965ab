package dev.paperorchestra.runtime.streams;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.kafka.KafkaStreamsMetrics;
import java.time.Duration;
import java.util.List;
import java.util.Properties;
import org.apache.kafka.streams.CloseOptions;
import org.apache.kafka.streams.KafkaStreams;
import org.apache.kafka.streams.StoreQueryParameters;
import org.apache.kafka.streams.errors.InvalidStateStoreException;
import org.apache.kafka.streams.Topology;
import org.apache.kafka.streams.errors.StreamsUncaughtExceptionHandler;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;

/**
 * Runs one topology for the lifetime of the application context, with its Kafka Streams metrics bound to the
 * meter registry. Its state drives the agent's health: not ready until the topology first runs, not live once
 * it has stopped for good (an error it cannot recover from, e.g. a source topic deleted), so the platform
 * restarts the agent instead of leaving a stage silently dead.
 */
public final class KafkaStreamsService implements SmartLifecycle {

    private static final Logger log = LoggerFactory.getLogger(KafkaStreamsService.class);

    private final String name;
    private final Topology topology;
    private final Properties properties;
    private final List<String> sourceTopics;
    private final MeterRegistry registry;
    private volatile @Nullable KafkaStreams streams;
    private volatile @Nullable KafkaStreamsMetrics metrics;
    private volatile boolean hasRun;

    public KafkaStreamsService(String name, Topology topology, Properties properties, List<String> sourceTopics,
            MeterRegistry registry) {
        this.name = name;
        this.topology = topology;
        this.properties = properties;
        this.sourceTopics = List.copyOf(sourceTopics);
        this.registry = registry;
    }

    @Override
    public void start() {
        KafkaStreams started = new KafkaStreams(topology, properties);
        started.setUncaughtExceptionHandler(exception -> {
            // record-level failures are dead-lettered by the processor; what reaches here is infrastructure
            log.error("streams application {} stopped after an unrecoverable error; the agent reports itself not "
                    + "live so that it is restarted", name, exception);
            return StreamsUncaughtExceptionHandler.StreamThreadExceptionResponse.SHUTDOWN_CLIENT;
        });
        started.setStateListener((newState, oldState) -> {
            if (newState == KafkaStreams.State.RUNNING) {
                hasRun = true;
            }
            log.info("streams application {}: {} -> {}", name, oldState, newState);
        });
        KafkaStreamsMetrics bound = new KafkaStreamsMetrics(started);
        bound.bindTo(registry);
        metrics = bound;
        streams = started;
        started.start();
    }

    @Override
    public void stop() {
        KafkaStreams current = streams;
        if (current != null) {
            // leave the group: Streams stays in it by default, and the next instance (a restarted agent, the
            // next po run) would wait out the whole session timeout before it gets the partitions
            current.close(CloseOptions.groupMembershipOperation(CloseOptions.GroupMembershipOperation.LEAVE_GROUP)
                    .withTimeout(Duration.ofSeconds(10)));
            streams = null;
        }
        KafkaStreamsMetrics bound = metrics;
        if (bound != null) {
            bound.close();
            metrics = null;
        }
    }

    @Override
    public boolean isRunning() {
        return streams != null;
    }

    public String name() {
        return name;
    }

    public List<String> sourceTopics() {
        return sourceTopics;
    }

    /**
     * A state store of the running topology, for interactive queries.
     *
     * @throws org.apache.kafka.streams.errors.InvalidStateStoreException while the topology is not running or
     *                                                                    still restoring the store
     */
    public <T> T store(StoreQueryParameters<T> parameters) {
        KafkaStreams current = streams;
        if (current == null) {
            throw new InvalidStateStoreException("streams application " + name + " is not running");
        }
        return current.store(parameters);
    }

    public KafkaStreams.State state() {
        KafkaStreams current = streams;
        return current == null ? KafkaStreams.State.NOT_RUNNING : current.state();
    }

    /** Whether the topology has reached RUNNING at least once since it was started. */
    public boolean hasRun() {
        return hasRun;
    }
}
