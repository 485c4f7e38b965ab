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
 * @param revisionConcurrency consumer threads of each listener of human revisions (revision-requests,
 *                         revision-edits, revision-scores). Revisions are asked for one paper at a time, so they
 *                         do not follow {@code listener-concurrency}: a deployment tuned for many papers at once
 *                         otherwise kept that many idle consumers per revision listener
 * @param consumerInterceptors {@code interceptor.classes} of every listener and Kafka Streams consumer, e.g. the
 *                         load simulation's hop-latency probe; empty for none
 * @param stageBudget      longest one attempt of this agent's stage may work on one paper; past it the paper is
 *                         dead-lettered and FAILED with the reason, and its partition goes on. Unset (null): {@code
 *                         po.llm.timeout} × {@code po.llm.retry.max-attempts} + {@code po.llm.retry.max-backoff} ×
 *                         (attempts − 1), plus the writer's compiles ({@code po.writer.compile-timeout} × (1 +
 *                         repairs)) or refine's compile ({@code po.refine.compile-timeout}); with the defaults 29 min
 *                         (32 min refine, 50 min writer). Set, it may not be shorter than that (the agent refuses to
 *                         start, naming the numbers). Sets {@code max.poll.interval.ms} (budget + 1 min) of every
 *                         listener and Streams consumer and the transaction timeouts (the same, capped at 15 min);
 *                         see {@link StageBudget}
 * @param instanceId       this instance's stable name among its agent's replicas (letters, digits, {@code .}, {@code
 *                         _}, {@code -}; e.g. a StatefulSet pod name; {@code PO_KAFKA_INSTANCE_ID}). Its
 *                         transactional ids are then the same after a restart, so the restarted instance fences a
 *                         transaction its killed predecessor left open at once; unnamed (null: a random name per
 *                         start, so replicas never collide), a killed instance's open transaction holds {@code
 *                         read_committed} readers of its partitions until the transaction timeout. Never give two
 *                         running replicas the same name (they would fence each other). {@code scripts/chaos} names
 *                         every agent process
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
        @DefaultValue("1") @Min(1) @jakarta.validation.constraints.Max(64) int revisionConcurrency,
        @DefaultValue @NotNull List<String> consumerInterceptors,
        @org.hibernate.validator.constraints.time.DurationMin(seconds = 1) @Nullable Duration stageBudget,
        @jakarta.validation.constraints.Pattern(regexp = "[A-Za-z0-9._-]{1,64}",
                message = "letters, digits, '.', '_' and '-' only, at most 64") @Nullable String instanceId) {

    /** The properties' bean name, for listeners that read a setting in SpEL ({@code #{@'...'.setting()}}). */
    public static final String BEAN = "po.kafka-dev.paperorchestra.runtime.kafka.KafkaRuntimeProperties";

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
                + ", revisionConcurrency=" + revisionConcurrency
                + ", consumerInterceptors=" + consumerInterceptors + ", stageBudget=" + stageBudget + ", instanceId="
                + instanceId + ", properties="
                + client().extra().keySet() + " (values hidden)]";
    }
}
