package dev.paperorchestra.embedded.broker;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.paperorchestra.runtime.health.AgentHealthProperties;
import dev.paperorchestra.runtime.health.KafkaBrokerHealthIndicator;
import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.Map;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.health.contributor.Status;

/**
 * An agent's broker readiness check against a real broker that goes away and comes back on the same address
 * (lives here because the restartable embedded broker does).
 */
class BrokerReadinessIT {

    private static final Duration WAIT = Duration.ofSeconds(60);
    private static final Duration TIMEOUT = Duration.ofSeconds(1);

    @TempDir
    Path stateDir;

    @Test
    void readiness_of_the_broker_is_down_while_it_is_stopped_and_up_again_once_it_is_back() {
        int port = freePort();
        EmbeddedKraftBroker broker = EmbeddedKraftBroker.start(stateDir, port);
        try (KafkaBrokerHealthIndicator indicator = new KafkaBrokerHealthIndicator(
                () -> Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, broker.bootstrapServers(),
                        AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG, (int) TIMEOUT.toMillis(),
                        AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, (int) TIMEOUT.toMillis())),
                new AgentHealthProperties(TIMEOUT, Duration.ZERO), Clock.systemUTC())) {
            await().atMost(WAIT).until(() -> indicator.health().getStatus().equals(Status.UP));
            assertThat(indicator.health().getDetails()).containsEntry("brokers", 1);

            broker.close();
            await().atMost(WAIT).until(() -> indicator.health().getStatus().equals(Status.DOWN));

            try (EmbeddedKraftBroker restarted = EmbeddedKraftBroker.start(stateDir, port)) {
                await().atMost(WAIT).until(() -> indicator.health().getStatus().equals(Status.UP));
            }
        }
    }

    private static int freePort() {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }
}
