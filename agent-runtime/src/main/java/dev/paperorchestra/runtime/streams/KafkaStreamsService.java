package dev.paperorchestra.runtime.streams;

import java.time.Duration;
import java.util.Properties;
import org.apache.kafka.streams.CloseOptions;
import org.apache.kafka.streams.KafkaStreams;
import org.apache.kafka.streams.StoreQueryParameters;
import org.apache.kafka.streams.errors.InvalidStateStoreException;
import org.apache.kafka.streams.Topology;
import org.apache.kafka.streams.errors.StreamsUncaughtExceptionHandler;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;

/** Runs one topology for the lifetime of the application context. */
public final class KafkaStreamsService implements SmartLifecycle {

    private static final Logger log = LoggerFactory.getLogger(KafkaStreamsService.class);

    private final String name;
    private final Topology topology;
    private final Properties properties;
    private volatile KafkaStreams streams;

    public KafkaStreamsService(String name, Topology topology, Properties properties) {
        this.name = name;
        this.topology = topology;
        this.properties = properties;
    }

    @Override
    public void start() {
        streams = new KafkaStreams(topology, properties);
        streams.setUncaughtExceptionHandler(exception -> {
            // record-level failures are dead-lettered by the processor; what reaches here is infrastructure
            log.error("streams application {} stopped after an unrecoverable error", name, exception);
            return StreamsUncaughtExceptionHandler.StreamThreadExceptionResponse.SHUTDOWN_CLIENT;
        });
        streams.start();
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
    }

    @Override
    public boolean isRunning() {
        return streams != null;
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
}
