package dev.paperorchestra.runtime.kafka;

import java.util.HashMap;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;
import org.apache.kafka.clients.CommonClientConfigs;

/**
 * What every Kafka client the project builds (producers, consumers, admin, Streams, the usage ledger, the
 * scholar cache, the cli, the paper service) shares: the brokers and the extra client properties of
 * {@code po.kafka.properties.*} ({@code security.protocol}, {@code sasl.*}, {@code ssl.*}...). Each client
 * starts from {@link #common()} and adds its own settings, which win over an extra property of the same name.
 *
 * @param bootstrapServers broker addresses
 * @param extra            further client properties; values may be secrets and are never printed
 */
public record KafkaClientProperties(String bootstrapServers, Map<String, String> extra) {

    /**
     * Back-off of a transactional producer's retries, in ms. The broker answers a transaction that begins while
     * the previous one's commit markers are still being written with a retriable error; at the client's default
     * of 100 ms every such hand-over adds a tenth of a second to a record's hop. Retries still back off
     * exponentially up to {@code retry.backoff.max.ms}.
     */
    public static final int TRANSACTION_RETRY_BACKOFF_MS = 10;

    public KafkaClientProperties {
        extra = Map.copyOf(extra);
    }

    /** A cluster reached without extra properties, e.g. an unsecured embedded broker. */
    public static KafkaClientProperties of(String bootstrapServers) {
        return new KafkaClientProperties(bootstrapServers, Map.of());
    }

    /** These properties with more extra ones, e.g. the schema registry settings every serde reads. */
    public KafkaClientProperties with(Map<String, String> more) {
        Map<String, String> merged = new HashMap<>(extra);
        merged.putAll(more);
        return new KafkaClientProperties(bootstrapServers, merged);
    }

    /** A new, mutable map with the brokers and every extra property, for a client to add its own settings to. */
    public Map<String, Object> common() {
        Map<String, Object> config = new HashMap<>(extra);
        config.put(CommonClientConfigs.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
        return config;
    }

    /** {@link #common()} as {@link Properties}, the form Kafka Streams takes. */
    public Properties commonProperties() {
        Properties properties = new Properties();
        properties.putAll(common());
        return properties;
    }

    /** The names of the extra properties without their values, which may be passwords or JAAS lines. */
    @Override
    public String toString() {
        return "KafkaClientProperties[bootstrapServers=" + bootstrapServers + ", extra="
                + new TreeMap<>(extra).keySet() + " (values hidden)]";
    }
}
