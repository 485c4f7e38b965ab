package dev.paperorchestra.runtime.kafka;

import jakarta.validation.constraints.AssertTrue;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.apache.kafka.clients.CommonClientConfigs;
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
        @DefaultValue Map<String, String> properties) {

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
                + retryBackoff + ", streamsStateDir=" + streamsStateDir + ", properties=" + client().extra().keySet()
                + " (values hidden)]";
    }
}
