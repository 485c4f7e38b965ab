package dev.paperorchestra.runtime.registry;

import dev.paperorchestra.schemas.serde.AvroEventDeserializer;
import dev.paperorchestra.schemas.serde.AvroEventSerializer;
import dev.paperorchestra.schemas.serde.AvroSerdes;
import dev.paperorchestra.schemas.serde.SchemaRegistry;
import java.net.URI;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.avro.specific.SpecificRecord;
import org.apache.kafka.common.serialization.Serde;
import org.jspecify.annotations.Nullable;

/**
 * The one factory of event serdes. It reads the registry settings from the Kafka client configuration the
 * caller already has ({@code KafkaClientProperties.common()} carries them when {@code po.schema-registry.url}
 * is set), so no client can be built with the wrong encoding: without a URL, single-object encoding exactly as
 * before; with one, the Confluent wire format through a client shared by every serde of that registry, so
 * schema ids are fetched and registered once per JVM.
 */
public final class EventSerdes {

    public static final String URL = "po.schema-registry.url";
    public static final String USERNAME = "po.schema-registry.username";
    public static final String PASSWORD = "po.schema-registry.password";
    /** Milliseconds. */
    public static final String TIMEOUT = "po.schema-registry.timeout-ms";

    private static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(10);
    private static final Map<Connection, SchemaRegistryClient> CLIENTS = new ConcurrentHashMap<>();

    private EventSerdes() {
    }

    public static AvroEventSerializer serializer(Map<?, ?> clientConfig) {
        return new AvroEventSerializer(registry(clientConfig));
    }

    public static AvroEventDeserializer deserializer(Map<?, ?> clientConfig) {
        return new AvroEventDeserializer(registry(clientConfig));
    }

    public static Serde<SpecificRecord> anyEvent(Map<?, ?> clientConfig) {
        return AvroSerdes.anyEvent(registry(clientConfig));
    }

    public static <T extends SpecificRecord> Serde<T> of(Class<T> type, Map<?, ?> clientConfig) {
        return AvroSerdes.of(type, registry(clientConfig));
    }

    /**
     * The registry named in this client configuration (shared by every serde of the same connection), or null when
     * none is; public for tools and tests that register or read schemas themselves.
     */
    public static @Nullable SchemaRegistry registry(Map<?, ?> clientConfig) {
        Object url = clientConfig.get(URL);
        if (url == null || url.toString().isBlank()) {
            return null;
        }
        Object timeout = clientConfig.get(TIMEOUT);
        Connection connection = new Connection(URI.create(url.toString()), text(clientConfig.get(USERNAME)),
                text(clientConfig.get(PASSWORD)),
                timeout == null ? DEFAULT_TIMEOUT : Duration.ofMillis(Long.parseLong(timeout.toString())));
        return CLIENTS.computeIfAbsent(connection, SchemaRegistryClient::new);
    }

    private static @Nullable String text(@Nullable Object value) {
        return value == null ? null : value.toString();
    }

    /** How to reach one registry; the password never appears in its text. */
    record Connection(URI url, @Nullable String username, @Nullable String password, Duration timeout) {

        @Override
        public String toString() {
            return "Connection[url=" + url + ", username=" + username + ", timeout=" + timeout + "]";
        }
    }
}
