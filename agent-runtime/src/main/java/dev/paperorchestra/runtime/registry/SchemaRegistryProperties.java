package dev.paperorchestra.runtime.registry;

import jakarta.validation.constraints.AssertTrue;
import jakarta.validation.constraints.NotNull;
import java.net.URI;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.validation.annotation.Validated;

/**
 * Where events' schemas are registered. Unset: events stay in Avro single-object encoding, as without this
 * feature. Set: every event is written in the Confluent wire format.
 *
 * @param url      base URL of a Confluent-compatible registry (Confluent, Apicurio's ccompat API, Karapace,
 *                 Redpanda), e.g. {@code http://registry:8081}; null for none. When set, events are written in the
 *                 Confluent wire format with schemas registered under {@code <topic>-value}, and readers fetch
 *                 unknown schema ids (docs/operations.md, "Schema registry")
 * @param username basic-auth user, or null
 * @param password basic-auth password, or null; never logged
 * @param timeout  limit of each registry request
 */
@Validated
@ConfigurationProperties("po.schema-registry")
public record SchemaRegistryProperties(
        @Nullable URI url,
        @Nullable String username,
        @Nullable String password,
        @DefaultValue("10s") @NotNull Duration timeout) {

    @AssertTrue(message = "set both po.schema-registry.username and po.schema-registry.password, or neither")
    public boolean isCredentialsComplete() {
        return (username == null) == (password == null);
    }

    /**
     * These settings as client properties, added to every Kafka client's configuration so each client (listener,
     * Streams, ledger, cache, cli) builds its serde from the one map it already gets; empty when unset.
     */
    public Map<String, String> clientProperties() {
        Map<String, String> properties = new LinkedHashMap<>();
        if (url != null) {
            properties.put(EventSerdes.URL, url.toString());
            properties.put(EventSerdes.TIMEOUT, Long.toString(timeout.toMillis()));
            if (username != null && password != null) {
                properties.put(EventSerdes.USERNAME, username);
                properties.put(EventSerdes.PASSWORD, password);
            }
        }
        return properties;
    }

    @Override
    public String toString() {
        return "SchemaRegistryProperties[url=" + url + ", username=" + username + ", password="
                + (password == null ? "null" : "(hidden)") + ", timeout=" + timeout + "]";
    }
}
