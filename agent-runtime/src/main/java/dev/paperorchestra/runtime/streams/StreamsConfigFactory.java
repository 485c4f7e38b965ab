package dev.paperorchestra.runtime.streams;

import dev.paperorchestra.runtime.kafka.KafkaClientProperties;
import dev.paperorchestra.runtime.kafka.KafkaRuntimeProperties;
import dev.paperorchestra.runtime.kafka.StageBudget;
import java.time.Duration;
import java.util.Properties;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.StreamsConfig;

/** Streams settings for the stateful steps: exactly-once v2, one state directory per application id. */
public final class StreamsConfigFactory {

    /** How often a stream thread commits what it processed, which is when its output becomes readable. */
    static final int COMMIT_INTERVAL_MS = 20;

    private final KafkaRuntimeProperties kafka;
    private final KafkaClientProperties client;
    private final StageBudget budget;
    private final String agentName;

    /** @param client the connection every client starts from, with the schema registry settings the serdes read */
    public StreamsConfigFactory(KafkaRuntimeProperties kafka, KafkaClientProperties client, StageBudget budget,
            String agentName) {
        this.kafka = kafka;
        this.client = client;
        this.budget = budget;
        this.agentName = agentName;
    }

    public Properties create(String topologyName) {
        return create(topologyName, Duration.ofMillis(COMMIT_INTERVAL_MS));
    }

    /**
     * @param commitInterval how often the stream thread commits and, since it looks for a due commit only between
     *                       polls, how long it polls: longer for a topology whose output waits on people anyway (an
     *                       idle stream thread polling every 20 ms costs CPU in every agent of one JVM)
     */
    public Properties create(String topologyName, Duration commitInterval) {
        String applicationId = agentName + "-" + topologyName;
        // Streams passes the security settings on to its own producers, consumers and admin
        Properties props = client.commonProperties();
        props.put(StreamsConfig.APPLICATION_ID_CONFIG, applicationId);
        props.put(StreamsConfig.PROCESSING_GUARANTEE_CONFIG, StreamsConfig.EXACTLY_ONCE_V2);
        props.put(StreamsConfig.STATE_DIR_CONFIG, kafka.streamsStateDir().resolve(applicationId).toString());
        props.put(StreamsConfig.DEFAULT_KEY_SERDE_CLASS_CONFIG, Serdes.StringSerde.class.getName());
        props.put(StreamsConfig.NUM_STREAM_THREADS_CONFIG, 1);
        props.put(StreamsConfig.COMMIT_INTERVAL_MS_CONFIG, commitInterval.toMillis());
        // the stream thread checks for a due commit only between polls: with the default 100 ms poll, a record
        // processed just after a commit waited up to 100 ms for the next one, and its reader with it
        props.put(StreamsConfig.POLL_MS_CONFIG, commitInterval.toMillis());
        // the steps here only gather, join and decide (slow work runs in listeners), but their blob reads retry
        // in place with back-off; the stage budget bounds them like every other consumer of the agent
        props.put(StreamsConfig.consumerPrefix("max.poll.interval.ms"), (int) budget.maxPollInterval().toMillis());
        // under exactly-once a transaction stays open across a commit interval's records, retries included
        props.put(StreamsConfig.producerPrefix("transaction.timeout.ms"), (int) budget.transactionTimeout().toMillis());
        props.put(StreamsConfig.producerPrefix("retry.backoff.ms"), KafkaClientProperties.TRANSACTION_RETRY_BACKOFF_MS);
        props.put(StreamsConfig.consumerPrefix("max.poll.records"), 10);
        props.put(StreamsConfig.consumerPrefix("auto.offset.reset"), "earliest");
        if (!kafka.consumerInterceptors().isEmpty()) {
            props.put(StreamsConfig.mainConsumerPrefix("interceptor.classes"), String.join(",",
                    kafka.consumerInterceptors()));
        }
        return props;
    }
}
