package dev.paperorchestra.runtime.health;

import jakarta.validation.constraints.NotNull;
import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.validation.annotation.Validated;

/**
 * Settings of the agent's own health checks.
 *
 * @param brokerTimeout    longest the readiness check waits for the Kafka cluster to answer a describe
 * @param brokerCheckEvery how long a broker answer is reused before the cluster is asked again (probes and
 *                         scrapes may call the health endpoint every few seconds)
 */
@Validated
@ConfigurationProperties("po.health")
public record AgentHealthProperties(
        @DefaultValue("2s") @NotNull Duration brokerTimeout,
        @DefaultValue("10s") @NotNull Duration brokerCheckEvery) {
}
