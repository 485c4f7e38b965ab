package dev.paperorchestra.runtime.registry;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.paperorchestra.base.errors.PermanentException;
import dev.paperorchestra.base.errors.RetriableException;
import dev.paperorchestra.runtime.testing.StubSchemaRegistry;
import dev.paperorchestra.schemas.PaperStatusChangedEvent;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Base64;
import org.apache.avro.Schema;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class SchemaRegistryClientTest {

    private static final Schema STATUS = PaperStatusChangedEvent.getClassSchema();

    private final StubSchemaRegistry registry = startRegistry();

    @AfterEach
    void stop() {
        registry.close();
    }

    @Test
    void registers_a_schema_once_per_subject_and_answers_the_cached_id_afterwards() {
        SchemaRegistryClient client = client(registry.url());

        int first = client.register("paper-status-value", STATUS);
        int again = client.register("paper-status-value", STATUS);

        assertThat(again).isEqualTo(first);
        assertThat(registry.subjects()).containsExactly("paper-status-value");
        assertThat(registry.requests()).containsExactly("POST /subjects/paper-status-value/versions");
    }

    @Test
    void reads_a_schema_by_id_once_and_answers_the_cached_schema_afterwards() {
        int id = registry.add("paper-status-value", STATUS.toString());
        SchemaRegistryClient client = client(registry.url());

        assertThat(client.schemaById(id)).isEqualTo(STATUS);
        assertThat(client.schemaById(id)).isEqualTo(STATUS);
        assertThat(registry.requests()).containsExactly("GET /schemas/ids/" + id);
    }

    @Test
    void an_incompatible_schema_is_a_permanent_failure_carrying_the_registrys_error() {
        registry.failNext(409, 409, "Schema being registered is incompatible with an earlier schema");

        assertThatThrownBy(() -> client(registry.url()).register("paper-status-value", STATUS))
                .isInstanceOf(PermanentException.class)
                .hasMessageContaining("HTTP 409").hasMessageContaining("error_code 409")
                .hasMessageContaining("incompatible with an earlier schema")
                .hasMessageContaining("PaperStatusChangedEvent under paper-status-value");
    }

    @Test
    void an_unknown_schema_id_is_a_permanent_failure_naming_the_id() {
        assertThatThrownBy(() -> client(registry.url()).schemaById(42))
                .isInstanceOf(PermanentException.class)
                .hasMessageContaining("read schema id 42").hasMessageContaining("error_code 40403");
    }

    @Test
    void an_invalid_schema_answer_is_permanent() {
        registry.failNext(422, 42201, "Invalid schema");

        assertThatThrownBy(() -> client(registry.url()).register("paper-status-value", STATUS))
                .isInstanceOf(PermanentException.class).hasMessageContaining("error_code 42201");
    }

    @Test
    void a_server_error_is_retriable_and_the_next_attempt_succeeds() {
        registry.failNext(500, 50001, "Error in the backend data store");
        SchemaRegistryClient client = client(registry.url());

        assertThatThrownBy(() -> client.register("paper-status-value", STATUS))
                .isInstanceOf(RetriableException.class).hasMessageContaining("error_code 50001");
        assertThat(client.register("paper-status-value", STATUS)).isPositive();
    }

    @Test
    void an_unreachable_registry_is_retriable() throws Exception {
        URI closed;
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            closed = URI.create("http://127.0.0.1:" + socket.getLocalPort());
        }
        SchemaRegistryClient client = client(closed);

        assertThatThrownBy(() -> client.schemaById(1))
                .isInstanceOf(RetriableException.class).hasMessageContaining("unreachable");
    }

    @Test
    void sends_basic_credentials_and_never_shows_the_password() throws Exception {
        String header = "Basic " + Base64.getEncoder().encodeToString("po:s3cret".getBytes(StandardCharsets.UTF_8));
        try (StubSchemaRegistry secured = StubSchemaRegistry.requiringAuthorization(header)) {
            EventSerdes.Connection withPassword = new EventSerdes.Connection(secured.url(), "po", "s3cret",
                    Duration.ofSeconds(5));
            EventSerdes.Connection without = new EventSerdes.Connection(secured.url(), null, null,
                    Duration.ofSeconds(5));

            assertThat(new SchemaRegistryClient(withPassword).register("paper-status-value", STATUS)).isPositive();
            assertThatThrownBy(() -> new SchemaRegistryClient(without).register("paper-status-value", STATUS))
                    .isInstanceOf(PermanentException.class).hasMessageContaining("HTTP 401")
                    .hasMessageNotContaining("s3cret");
            assertThat(withPassword.toString()).doesNotContain("s3cret");
            assertThat(new SchemaRegistryProperties(secured.url(), "po", "s3cret", Duration.ofSeconds(5)).toString())
                    .doesNotContain("s3cret");
        }
    }

    static SchemaRegistryClient client(URI url) {
        return new SchemaRegistryClient(new EventSerdes.Connection(url, null, null, Duration.ofSeconds(5)));
    }

    static StubSchemaRegistry startRegistry() {
        try {
            return StubSchemaRegistry.start();
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
