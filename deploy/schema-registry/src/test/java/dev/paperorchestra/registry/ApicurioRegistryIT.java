package dev.paperorchestra.registry;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.github.dockerjava.api.exception.NotFoundException;
import dev.paperorchestra.base.errors.PermanentException;
import dev.paperorchestra.runtime.registry.EventSerdes;
import dev.paperorchestra.schemas.PaperStatusChangedEvent;
import dev.paperorchestra.schemas.serde.SchemaRegistry;
import dev.paperorchestra.schemas.topics.Topic;
import dev.paperorchestra.schemas.topics.Topics;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericDatumWriter;
import org.apache.avro.io.BinaryEncoder;
import org.apache.avro.io.DecoderFactory;
import org.apache.avro.io.EncoderFactory;
import org.apache.avro.specific.SpecificData;
import org.apache.avro.specific.SpecificDatumReader;
import org.apache.avro.specific.SpecificRecord;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.testcontainers.DockerClientFactory;
import org.testcontainers.containers.GenericContainer;
import org.testcontainers.utility.DockerImageName;

/**
 * The agents' schema-registry client and serdes against the real Apicurio Registry 3 of the dev overlay
 * (paperorchestra/schema-registry, built here and loaded by {@code scripts/containers images}; nothing is pulled):
 * every catalog event registered under its {@code <topic>-value} subject, written in the Confluent wire format and
 * read back by a reader that knows only the schema id; and an incompatible change refused by the registry with a
 * message the client names.
 *
 * <p>Without a Docker engine or the image the class is skipped, saying why; under {@code CI=true}, where .ci/run
 * starts the engine and builds the image first, it fails instead.
 */
class ApicurioRegistryIT {

    private static final String IMAGE = "paperorchestra/schema-registry:0.1.0";
    private static final HttpClient HTTP = HttpClient.newHttpClient();
    private static GenericContainer<?> registry;
    private static String api;

    @BeforeAll
    static void start_the_registry() throws Exception {
        String apiVersion = System.getenv("DOCKER_API_VERSION");
        if (apiVersion != null && !apiVersion.isBlank() && System.getProperty("api.version") == null) {
            System.setProperty("api.version", apiVersion.strip());
        }
        boolean ci = "true".equals(System.getenv("CI"));
        if (!DockerClientFactory.instance().isDockerAvailable()) {
            skipOrFail(ci, "no Docker engine answers (CI starts one: .ci/run)");
        }
        try {
            DockerClientFactory.instance().client().inspectImageCmd(IMAGE).exec();
        } catch (NotFoundException e) {
            skipOrFail(ci, IMAGE + " is not in the engine: build and load it with scripts/containers images");
        }
        int apiPort = freePort();
        int managementPort = freePort();
        // the host's network, as the containers test runs it (the engine may have no bridge network); the dev
        // overlay's security settings: its user, a read-only root and a tmpfs for /tmp
        registry = new GenericContainer<>(DockerImageName.parse(IMAGE)).withImagePullPolicy(name -> false)
                .withNetworkMode("host")
                .withEnv("QUARKUS_HTTP_PORT", Integer.toString(apiPort))
                .withEnv("QUARKUS_MANAGEMENT_PORT", Integer.toString(managementPort))
                .withEnv("APICURIO_RULES_GLOBAL_COMPATIBILITY", "BACKWARD")
                .withTmpFs(Map.of("/tmp", "rw,exec,nosuid,nodev,mode=1777"))
                .withCreateContainerCmdModifier(cmd -> {
                    cmd.withUser("65532:65532");
                    cmd.getHostConfig().withReadonlyRootfs(true);
                });
        registry.start();
        api = "http://127.0.0.1:" + apiPort;
        String ready = "http://127.0.0.1:" + managementPort + "/health/ready";
        Awaitility.await("the registry's readiness").atMost(Duration.ofMinutes(3)).pollInterval(Duration.ofSeconds(1))
                .ignoreExceptions().until(() -> get(ready).statusCode() == 200);
    }

    @AfterAll
    static void stop() {
        if (registry != null) {
            registry.stop();
        }
    }

    private static void skipOrFail(boolean ci, String why) {
        if (ci) {
            fail("CI=true, yet " + why + ": the registry test would be skipped");
        }
        System.out.println("ApicurioRegistryIT skipped: " + why);
        assumeTrue(false, why);
    }

    private static Map<String, Object> client(String timeout) {
        // a different timeout is a different connection, hence a client with empty caches: the reader must ask
        return Map.of(EventSerdes.URL, api + "/apis/ccompat/v7", EventSerdes.TIMEOUT, timeout);
    }

    @Test
    void every_event_is_registered_under_its_topic_and_read_back_by_schema_id() throws Exception {
        List<String> subjects = new ArrayList<>();
        for (Topic<?> topic : Topics.ALL) {
            SpecificRecord event = example(topic.valueType());
            byte[] written = EventSerdes.serializer(client("10000")).serialize(topic.name(), event);
            assertThat(written[0]).as(topic.name() + ": Confluent framing").isEqualTo((byte) 0);
            Object read = EventSerdes.deserializer(client("10001")).deserialize(topic.name(), written);
            assertThat(read).as(topic.name()).isEqualTo(event);
            subjects.add(topic.name() + "-value");
        }
        String listed = get(api + "/apis/ccompat/v7/subjects").body();
        assertThat(listed).as("GET /apis/ccompat/v7/subjects").contains(subjects.stream()
                .map(s -> "\"" + s + "\"").toList());
    }

    @Test
    void an_incompatible_change_is_refused_by_the_registry_with_its_reason() throws Exception {
        assertThat(get(api + "/apis/ccompat/v7/config").body()).contains("BACKWARD");
        SchemaRegistry client = EventSerdes.registry(client("10002"));
        Schema current = PaperStatusChangedEvent.getClassSchema();
        client.register("paper-status-value", current);
        // a new required field without a default: a reader of the new version cannot read what was written before
        String changed = current.toString().replaceFirst("\"fields\"\\s*:\\s*\\[",
                "\"fields\":[{\"name\":\"reviewedBy\",\"type\":\"string\",\"doc\":\"who reviewed the paper\"},");
        assertThat(current.getField("reviewedBy")).as("the added field is new to the event").isNull();
        Schema incompatible = new Schema.Parser().parse(changed);

        assertThatThrownBy(() -> client.register("paper-status-value", incompatible))
                .isInstanceOf(PermanentException.class)
                .hasMessageContaining("refused to register")
                .hasMessageContaining("under paper-status-value")
                .hasMessageContaining("HTTP 409");
    }

    /** One event of the type, every field given a value (the first branch that is not null for unions). */
    static SpecificRecord example(Class<? extends SpecificRecord> type) throws IOException {
        Schema schema = SpecificData.get().getSchema(type);
        Object generic = value(schema);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        BinaryEncoder encoder = EncoderFactory.get().binaryEncoder(out, null);
        new GenericDatumWriter<>(schema).write(generic, encoder);
        encoder.flush();
        // read back as the generated class, so logical types (timestamps) become what the agents put in them
        SpecificDatumReader<SpecificRecord> reader = new SpecificDatumReader<>(schema, schema,
                SpecificData.getForClass(type));
        return reader.read(null, DecoderFactory.get().binaryDecoder(out.toByteArray(), null));
    }

    private static Object value(Schema schema) {
        return switch (schema.getType()) {
            case RECORD -> {
                GenericData.Record record = new GenericData.Record(schema);
                schema.getFields().forEach(field -> record.put(field.pos(), value(field.schema())));
                yield record;
            }
            case UNION -> value(schema.getTypes().stream().filter(t -> t.getType() != Schema.Type.NULL)
                    .findFirst().orElse(schema.getTypes().getFirst()));
            case ARRAY -> List.of(value(schema.getElementType()));
            case MAP -> Map.of("k", value(schema.getValueType()));
            case ENUM -> new GenericData.EnumSymbol(schema, schema.getEnumSymbols().getFirst());
            case STRING -> "s";
            case BYTES -> ByteBuffer.wrap(new byte[] {1, 2});
            case FIXED -> new GenericData.Fixed(schema, new byte[schema.getFixedSize()]);
            case INT -> 7;
            case LONG -> 1_700_000_000_000L;
            case FLOAT -> 0.5f;
            case DOUBLE -> 0.25;
            case BOOLEAN -> true;
            case NULL -> null;
        };
    }

    private static HttpResponse<String> get(String url) throws IOException, InterruptedException {
        return HTTP.send(HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(10)).GET().build(),
                HttpResponse.BodyHandlers.ofString());
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }
}
