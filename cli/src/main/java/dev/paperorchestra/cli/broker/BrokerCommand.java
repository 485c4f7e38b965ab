package dev.paperorchestra.cli.broker;

import dev.paperorchestra.embedded.broker.EmbeddedKraftBroker;
import dev.paperorchestra.embedded.broker.TopicCreation;
import dev.paperorchestra.cli.ShutdownLatch;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code po broker}: the embedded KRaft broker on its own, with every catalog topic, until Ctrl-C. The agents'
 * runnable jars then run as separate processes against it, as they do in a cluster.
 */
@Command(name = "broker", mixinStandardHelpOptions = true,
        description = "Run the embedded Kafka (KRaft) broker on its own and create the topics; stop with Ctrl-C.")
public class BrokerCommand implements Callable<Integer> {

    static final int START_FAILED = 1;
    static final int BAD_INPUT = 2;

    @Option(names = "--port", defaultValue = "9092",
            description = "Port of the broker's listener on 127.0.0.1 (0 picks a free one). Default: ${DEFAULT-VALUE}.")
    int port;

    @Option(names = "--state-dir", defaultValue = "${env:PO_STATE_DIR:-.po-state}",
            description = "Broker data goes to <state-dir>/kafka, its log to <state-dir>/logs/broker.log (default: ${DEFAULT-VALUE}).")
    Path stateDir;

    @Option(names = "--startup-timeout", defaultValue = "PT60S",
            description = "Give up when the broker is not serving within this long, ISO-8601 (default: ${DEFAULT-VALUE}).")
    Duration startupTimeout;

    @Override
    public Integer call() throws InterruptedException {
        // Ctrl-C runs the hooks; the JVM waits until the broker has shut down cleanly
        try (ShutdownLatch shutdown = ShutdownLatch.register()) {
            return serve(System.out, shutdown.stopRequested());
        }
    }

    /** Runs the broker until {@code stop} opens; returns the exit code. */
    int serve(PrintStream out, CountDownLatch stop) throws InterruptedException {
        if (port < 0 || port > 65_535) {
            System.err.println("po broker: --port must be 0..65535, was " + port);
            return BAD_INPUT;
        }
        System.setProperty("PO_LOG_FILE", stateDir.resolve("logs").resolve("broker.log").toString());
        try (EmbeddedKraftBroker broker = EmbeddedKraftBroker.start(stateDir.resolve("kafka"), port, startupTimeout)) {
            int topics = TopicCreation.create(broker.bootstrapServers());
            out.println("Kafka KRaft broker up at " + broker.bootstrapServers() + " (state in " + broker.stateDir()
                    + ", " + topics + " topics); Ctrl-C stops it");
            out.println("agents: PO_KAFKA_BOOTSTRAP_SERVERS=" + broker.bootstrapServers()
                    + " PO_BLOB_ROOT=<shared dir> java -jar <agent>/target/<agent>-0.1.0-SNAPSHOT-exec.jar");
            out.flush();
            stop.await();
        } catch (RuntimeException e) { // BrokerStartException, or the topics could not be created
            System.err.println("po broker: " + e.getMessage());
            return START_FAILED;
        }
        out.println("po broker: stopped");
        out.flush();
        return 0;
    }
}
