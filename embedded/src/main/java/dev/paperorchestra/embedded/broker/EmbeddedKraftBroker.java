package dev.paperorchestra.embedded.broker;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ExecutionException;

import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.DescribeClusterOptions;
import org.apache.kafka.common.Uuid;
import org.apache.kafka.common.utils.Exit;
import org.apache.kafka.common.utils.Time;
import org.apache.kafka.metadata.properties.MetaPropertiesEnsemble;
import org.apache.kafka.metadata.storage.Formatter;
import org.jspecify.annotations.Nullable;

import kafka.server.KafkaConfig;
import kafka.server.KafkaRaftServer;

/**
 * A real single-node Apache Kafka broker (KRaft combined mode: broker and controller in one node)
 * running inside this JVM, so {@code po} needs no external Kafka installation.
 *
 * <p>Everything it persists lives under the given state directory; starting again on the same
 * directory reuses the cluster, so topics and committed records survive a restart of the JVM.
 */
public final class EmbeddedKraftBroker implements AutoCloseable {

    /** Long enough for a loaded 2-core machine, where the broker has been seen to need over three minutes. */
    public static final Duration DEFAULT_STARTUP_TIMEOUT = Duration.ofMinutes(5);

    private static final int NODE_ID = 1;
    private static final String HOST = "127.0.0.1";
    private static final String CONTROLLER_LISTENER = "CONTROLLER";
    // A dedicated subdirectory, because Kafka treats every directory inside a log dir as a partition.
    private static final String LOG_DIR_NAME = "kraft-combined-logs";

    private final KafkaRaftServer server;
    private final Path stateDir;
    private final String bootstrapServers;
    private final BrokerSecurity security;
    private boolean closed;

    private EmbeddedKraftBroker(KafkaRaftServer server, Path stateDir, String bootstrapServers,
            BrokerSecurity security) {
        this.server = server;
        this.stateDir = stateDir;
        this.bootstrapServers = bootstrapServers;
        this.security = security;
    }

    /** Starts a broker on a free ephemeral port and blocks until it serves requests. */
    public static EmbeddedKraftBroker start(Path stateDir) {
        return start(stateDir, 0, DEFAULT_STARTUP_TIMEOUT);
    }

    /** Starts a broker on {@code port} (0 picks a free one) and blocks until it serves requests. */
    public static EmbeddedKraftBroker start(Path stateDir, int port) {
        return start(stateDir, port, DEFAULT_STARTUP_TIMEOUT);
    }

    /** As {@link #start(Path, int)}, failing with {@link BrokerStartException} if not ready within the timeout. */
    public static EmbeddedKraftBroker start(Path stateDir, int port, Duration startupTimeout) {
        return start(stateDir, port, startupTimeout, BrokerSecurity.NONE);
    }

    /** As {@link #start(Path, int, Duration)}, with clients authenticating as {@code security} says. */
    public static EmbeddedKraftBroker start(Path stateDir, int port, Duration startupTimeout,
            BrokerSecurity security) {
        Objects.requireNonNull(stateDir, "stateDir");
        Objects.requireNonNull(security, "security");
        Objects.requireNonNull(startupTimeout, "startupTimeout");
        if (port < 0 || port > 65_535) {
            throw new IllegalArgumentException("Kafka broker port must be 0..65535, was " + port);
        }
        long deadlineNanos = System.nanoTime() + startupTimeout.toNanos();
        Path root = stateDir.toAbsolutePath().normalize();
        Path logDir = prepareLogDir(root);
        int brokerPort = reservePort(port, root);
        int controllerPort;
        do {
            controllerPort = reservePort(0, root);
        } while (controllerPort == brokerPort);
        Map<String, String> props = brokerProps(logDir, brokerPort, controllerPort, startupTimeout,
                security.listenerName());
        props.putAll(security.brokerProperties());
        KafkaConfig config = new KafkaConfig(props, false);
        formatIfNeeded(config, logDir, root);

        String bootstrap = HOST + ":" + brokerPort;
        KafkaRaftServer server;
        try {
            server = new KafkaRaftServer(config, Time.SYSTEM);
        } catch (Exception e) {
            throw new BrokerStartException("Cannot open Kafka state in " + root + ": " + e.getMessage(), e);
        }
        EmbeddedKraftBroker broker = new EmbeddedKraftBroker(server, root, bootstrap, security);
        // Kafka's fatal startup faults end in System.exit, which would make po vanish without a word;
        // while starting, turn them into an exception. Afterwards Kafka's defaults apply again.
        Exit.Procedure raise = (status, message) -> {
            // Kafka's own steps are bounded by the start timeout too (server.max.startup.time.ms), and one that
            // runs out ends here without a message: say that the time ran out, not only that Kafka stopped
            String why = System.nanoTime() - deadlineNanos >= 0
                    ? "not ready within " + startupTimeout + ": a step of Kafka's start-up ran out of time"
                    : "Kafka hit a fatal fault";
            throw new BrokerStartException(why + " (exit status " + status + ")"
                    + (message == null ? "; the broker's log names the step" : ": " + message), null);
        };
        Exit.setExitProcedure(raise);
        Exit.setHaltProcedure(raise);
        try {
            // Blocks until metadata is caught up and the broker is unfenced (bounded by server.max.startup.time.ms).
            server.startup();
            awaitReady(bootstrap, security.clientProperties(), deadlineNanos, startupTimeout);
            return broker;
        } catch (Exception e) { // Scala code throws checked exceptions undeclared
            try {
                broker.close();
            } catch (RuntimeException suppressed) {
                e.addSuppressed(suppressed);
            }
            throw new BrokerStartException("Kafka broker on " + bootstrap + " with state dir " + root
                    + " failed to start: " + e.getMessage(), e);
        } finally {
            Exit.resetExitProcedure();
            Exit.resetHaltProcedure();
        }
    }

    public String bootstrapServers() {
        return bootstrapServers;
    }

    public Path stateDir() {
        return stateDir;
    }

    /** Client properties (besides the brokers) that connect to this broker; empty when it needs none. */
    public Map<String, String> clientProperties() {
        return security.clientProperties();
    }

    /** Controlled shutdown; returns once all broker and controller threads have stopped. Idempotent. */
    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        server.shutdown();
        server.awaitShutdown();
    }

    // String values throughout: KafkaConfig parses strings, but rejects an Integer where it expects a short.
    private static Map<String, String> brokerProps(Path logDir, int brokerPort, int controllerPort, Duration timeout,
            String clientListener) {
        Map<String, String> p = new HashMap<>();
        p.put("process.roles", "broker,controller");
        p.put("node.id", String.valueOf(NODE_ID));
        // Static voters rather than a dynamic quorum: the controller port is picked afresh on every start,
        // and a dynamic quorum would pin the first port into the metadata log.
        p.put("controller.quorum.voters", NODE_ID + "@" + HOST + ":" + controllerPort);
        p.put("controller.listener.names", CONTROLLER_LISTENER);
        p.put("listeners", clientListener + "://" + HOST + ":" + brokerPort + "," + CONTROLLER_LISTENER + "://" + HOST + ":" + controllerPort);
        p.put("advertised.listeners", clientListener + "://" + HOST + ":" + brokerPort);
        p.put("listener.security.protocol.map", clientListener + ":" + clientListener + "," + CONTROLLER_LISTENER + ":PLAINTEXT");
        p.put("inter.broker.listener.name", clientListener);
        p.put("log.dirs", logDir.toString());
        p.put("server.max.startup.time.ms", String.valueOf(timeout.toMillis()));

        // One replica of everything, or internal topics (and so transactions and groups) never come up.
        p.put("default.replication.factor", "1");
        p.put("min.insync.replicas", "1");
        p.put("offsets.topic.replication.factor", "1");
        p.put("transaction.state.log.replication.factor", "1");
        p.put("transaction.state.log.min.isr", "1");
        p.put("share.coordinator.state.topic.replication.factor", "1");
        p.put("share.coordinator.state.topic.min.isr", "1");
        // The 50-partition defaults cost files, memory and startup time without benefit on a single node.
        p.put("offsets.topic.num.partitions", "1");
        p.put("transaction.state.log.num.partitions", "1");
        p.put("share.coordinator.state.topic.num.partitions", "1");
        p.put("num.partitions", "1");
        // Topics are created explicitly with their intended partition counts; typos should fail loudly.
        p.put("auto.create.topics.enable", "false");
        p.put("group.initial.rebalance.delay.ms", "0");
        p.put("group.streams.initial.rebalance.delay.ms", "0");

        // Sized for a laptop sharing the JVM with the agents: the cleaner would otherwise allocate 128 MiB of heap.
        p.put("log.cleaner.dedupe.buffer.size", String.valueOf(8 * 1024 * 1024));
        p.put("num.network.threads", "2");
        p.put("num.io.threads", "4");
        p.put("background.threads", "4");
        p.put("group.coordinator.threads", "1");
        return p;
    }

    private static Path prepareLogDir(Path root) {
        Path logDir = root.resolve(LOG_DIR_NAME);
        try {
            Files.createDirectories(logDir);
        } catch (IOException e) {
            throw new BrokerStartException("Cannot create Kafka state dir " + logDir + ": " + e, e);
        }
        if (!Files.isWritable(logDir)) {
            throw new BrokerStartException("Kafka state dir " + logDir + " is not writable", null);
        }
        return logDir;
    }

    private static void formatIfNeeded(KafkaConfig config, Path logDir, Path root) {
        if (Files.exists(logDir.resolve(MetaPropertiesEnsemble.META_PROPERTIES_NAME))) {
            return;
        }
        try {
            new Formatter()
                    // The formatter reports progress on stdout by default, which would land in po's output.
                    .setPrintStream(new PrintStream(OutputStream.nullOutputStream()))
                    .setNodeId(NODE_ID)
                    .setClusterId(Uuid.randomUuid().toString())
                    .setControllerListenerName(CONTROLLER_LISTENER)
                    .setMetadataLogDirectory(config.metadataLogDir())
                    .addDirectory(logDir.toString())
                    .run();
        } catch (Exception e) {
            throw new BrokerStartException("Cannot format Kafka storage in " + root + ": " + e.getMessage(), e);
        }
    }

    /** Listening is not enough: topic creation fails until the broker is registered and unfenced. */
    private static void awaitReady(String bootstrap, Map<String, String> clientProperties, long deadlineNanos,
            Duration timeout) {
        Map<String, Object> cfg = new HashMap<>(clientProperties);
        cfg.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
        cfg.put(AdminClientConfig.CLIENT_ID_CONFIG, "po-embedded-broker-readiness");
        @Nullable Throwable lastFailure = null;
        try (Admin admin = Admin.create(cfg)) {
            long remainingMs;
            while ((remainingMs = Duration.ofNanos(deadlineNanos - System.nanoTime()).toMillis()) > 0) {
                try {
                    var options = new DescribeClusterOptions().timeoutMs((int) Math.min(remainingMs, Integer.MAX_VALUE));
                    if (!admin.describeCluster(options).nodes().get().isEmpty()) {
                        return;
                    }
                    Thread.sleep(50);
                } catch (ExecutionException e) {
                    lastFailure = e.getCause();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new BrokerStartException("interrupted while waiting for it to become ready", e);
                }
            }
        }
        throw new BrokerStartException("not ready within " + timeout
                + (lastFailure == null ? "" : " (" + lastFailure + ")"), lastFailure);
    }

    /** Port 0 picks a free ephemeral port; a taken port is reported here rather than deep in Kafka's startup. */
    private static int reservePort(int port, Path root) {
        try (ServerSocket socket = new ServerSocket(port, 1, InetAddress.getByName(HOST))) {
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new BrokerStartException("Kafka port " + HOST + ":" + port + " is not available ("
                    + e.getMessage() + "); state dir " + root, e);
        }
    }

    /** Thrown when the broker cannot start; the message names the state dir or port at fault. */
    public static final class BrokerStartException extends RuntimeException {
        private static final long serialVersionUID = 1L;

        BrokerStartException(String message, @Nullable Throwable cause) {
            super(message, cause);
        }
    }
}
