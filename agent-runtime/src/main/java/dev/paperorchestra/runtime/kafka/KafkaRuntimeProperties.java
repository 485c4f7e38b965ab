package dev.paperorchestra.runtime.kafka;

import jakarta.validation.constraints.AssertTrue;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.CommonClientConfigs;
import org.jspecify.annotations.Nullable;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.validation.annotation.Validated;

/**
 * Kafka settings shared by every agent.
 *
 * @param bootstrapServers broker addresses
 * @param partitions       partition count by topic name, overriding the catalog defaults (the verify and
 *                         scholar-cache topics must stay at 1)
 * @param createTopics     create missing topics (and their -dlt twins) at start-up
 * @param deliveryAttempts attempts for a record failing with a retriable error before it is dead-lettered
 * @param retryBackoff     first back-off between attempts; doubles each time
 * @param streamsStateDir  local directory of Kafka Streams state stores (rebuilt from changelogs if lost)
 * @param properties       extra client properties applied to every Kafka client (security.protocol, sasl.*,
 *                         ssl.*...), keyed by the Kafka property name; see {@link KafkaClientProperties}
 * @param listenerConcurrency consumer threads of every listener that does not set its own (the single verifier
 *                         does); more than a topic's partitions would idle
 * @param consumerInterceptors {@code interceptor.classes} of every listener and Kafka Streams consumer, e.g. the
 *                         load simulation's hop-latency probe; empty for none
 * @param stageBudget      longest one attempt of this agent's stage may work on one paper before the paper fails
 *                         and the partition goes on; also sets max.poll.interval.ms and the transaction timeouts
 *                         (see {@link StageBudget}); null: derived from the model timeout and attempts and the
 *                         agent's own allowances
 * @param instanceId       this instance's stable name among the replicas of its agent (e.g. a StatefulSet pod name);
 *                         its transactional ids are then the same after a restart, so the restarted instance fences
 *                         a transaction its killed predecessor left open at once instead of the partitions waiting for
 *                         the transaction timeout; null: a random name per start (replicas then never collide)
 */
@Validated
@ConfigurationProperties("po.kafka")
public record KafkaRuntimeProperties(
        @DefaultValue("localhost:9092") @NotBlank String bootstrapServers,
        @DefaultValue Map<String, Integer> partitions,
        @DefaultValue("true") boolean createTopics,
        @DefaultValue("3") @Min(1) int deliveryAttempts,
        @DefaultValue("1s") @NotNull Duration retryBackoff,
        @DefaultValue(".po-state/streams") @NotNull Path streamsStateDir,
        @DefaultValue Map<String, String> properties,
        @DefaultValue("1") @Min(1) @jakarta.validation.constraints.Max(64) int listenerConcurrency,
        @DefaultValue @NotNull List<String> consumerInterceptors,
        @org.hibernate.validator.constraints.time.DurationMin(seconds = 1) @Nullable Duration stageBudget,
        @jakarta.validation.constraints.Pattern(regexp = "[A-Za-z0-9._-]{1,64}",
                message = "letters, digits, '.', '_' and '-' only, at most 64") @Nullable String instanceId) {

    /** The brokers as one property, so {@code po.kafka.properties.bootstrap.servers} would contradict it. */
    @AssertTrue(message = "set the brokers with po.kafka.bootstrap-servers, not po.kafka.properties.bootstrap.servers")
    public boolean isBootstrapServersNotAnExtraProperty() {
        return !properties.containsKey(CommonClientConfigs.BOOTSTRAP_SERVERS_CONFIG);
    }

    /** The connection every client of this agent starts from. */
    public KafkaClientProperties client() {
        return new KafkaClientProperties(bootstrapServers, properties);
    }

    /** Without the extra properties' values: they may hold passwords. */
    @Override
    public String toString() {
        return "KafkaRuntimeProperties[bootstrapServers=" + bootstrapServers + ", partitions=" + partitions
                + ", createTopics=" + createTopics + ", deliveryAttempts=" + deliveryAttempts + ", retryBackoff="
                + retryBackoff + ", streamsStateDir=" + streamsStateDir + ", listenerConcurrency=" + listenerConcurrency
                + ", consumerInterceptors=" + consumerInterceptors + ", stageBudget=" + stageBudget + ", instanceId="
                + instanceId + ", properties="
                + client().extra().keySet() + " (values hidden)]";
    }
}
