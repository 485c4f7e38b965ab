package dev.paperorchestra.runtime.health;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Supplier;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.DescribeClusterOptions;
import org.apache.kafka.clients.admin.DescribeClusterResult;
import org.jspecify.annotations.Nullable;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.HealthIndicator;

/**
 * Readiness of the Kafka cluster as this agent sees it: a describe-cluster call within a short timeout. The
 * answer is reused for a while, so frequent probes do not load the brokers. Not part of liveness: restarting
 * the agent does not bring a broker back.
 */
public final class KafkaBrokerHealthIndicator implements HealthIndicator, AutoCloseable {

    private final Supplier<Admin> adminFactory;
    private final Duration timeout;
    private final Duration reuseFor;
    private final Clock clock;
    private @Nullable Admin admin;
    private @Nullable Health last;
    private Instant checkedAt = Instant.MIN;

    public KafkaBrokerHealthIndicator(Supplier<Admin> adminFactory, AgentHealthProperties properties, Clock clock) {
        this.adminFactory = adminFactory;
        this.timeout = properties.brokerTimeout();
        this.reuseFor = properties.brokerCheckEvery();
        this.clock = clock;
    }

    @Override
    public synchronized Health health() {
        Instant now = clock.instant();
        if (last == null || !now.isBefore(checkedAt.plus(reuseFor))) {
            last = check();
            checkedAt = now;
        }
        return last;
    }

    private Health check() {
        try {
            if (admin == null) {
                admin = adminFactory.get();
            }
            DescribeClusterResult cluster = admin.describeCluster(
                    new DescribeClusterOptions().timeoutMs((int) timeout.toMillis()));
            int brokers = cluster.nodes().get(timeout.toMillis(), TimeUnit.MILLISECONDS).size();
            String clusterId = cluster.clusterId().get(timeout.toMillis(), TimeUnit.MILLISECONDS);
            return Health.up().withDetails(Map.of("clusterId", String.valueOf(clusterId), "brokers", brokers))
                    .build();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Health.down().withDetail("error", "interrupted").build();
        } catch (ExecutionException | TimeoutException | RuntimeException e) {
            Throwable cause = e instanceof ExecutionException && e.getCause() != null ? e.getCause() : e;
            return Health.down().withDetail("error", "Kafka cluster did not answer within " + timeout + ": "
                    + cause.getClass().getSimpleName() + (cause.getMessage() == null ? "" : " (" + cause.getMessage()
                    + ")")).build();
        }
    }

    @Override
    public synchronized void close() {
        if (admin != null) {
            admin.close(Duration.ofSeconds(2));
            admin = null;
        }
    }
}
