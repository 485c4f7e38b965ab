package dev.paperorchestra.runtime.registry;

import dev.paperorchestra.base.errors.AgentException;
import dev.paperorchestra.base.errors.PermanentException;
import dev.paperorchestra.base.errors.RetriableException;
import dev.paperorchestra.base.json.Json;
import dev.paperorchestra.schemas.serde.SchemaRegistry;
import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.avro.Schema;
import org.apache.avro.SchemaParseException;
import org.jspecify.annotations.Nullable;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * A small client of the Confluent Schema Registry REST API (also spoken by Apicurio's ccompat API, Karapace and
 * Redpanda): {@code POST /subjects/{subject}/versions} to register (idempotent: an existing identical schema
 * answers its id) and {@code GET /schemas/ids/{id}} to read. Answers are cached for the life of the client,
 * since an id never changes meaning. A 5xx, 429 or a failed connection is retriable; any other 4xx is
 * permanent and carries the registry's {@code error_code} and {@code message} (409 incompatible schema, 404
 * unknown subject or id, 422 invalid schema, 401/403 credentials).
 */
public final class SchemaRegistryClient implements SchemaRegistry {

    static final String CONTENT_TYPE = "application/vnd.schemaregistry.v1+json";

    private final URI base;
    private final EventSerdes.Connection connection;
    private final @Nullable String authorization;
    private final HttpClient http;
    private final JsonMapper json = Json.mapper();
    private final Map<String, Integer> ids = new ConcurrentHashMap<>();
    private final Map<Integer, Schema> schemas = new ConcurrentHashMap<>();

    SchemaRegistryClient(EventSerdes.Connection connection) {
        this.connection = connection;
        String url = connection.url().toString();
        this.base = URI.create(url.endsWith("/") ? url : url + "/");
        this.authorization = connection.username() == null || connection.password() == null ? null
                : "Basic " + Base64.getEncoder().encodeToString((connection.username() + ":" + connection.password())
                        .getBytes(StandardCharsets.UTF_8));
        this.http = HttpClient.newBuilder().connectTimeout(connection.timeout()).build();
    }

    @Override
    public int register(String subject, Schema schema) {
        String text = schema.toString();
        return ids.computeIfAbsent(subject + '\n' + text, key -> {
            String path = "subjects/" + URLEncoder.encode(subject, StandardCharsets.UTF_8) + "/versions";
            HttpRequest request = request(path)
                    .POST(HttpRequest.BodyPublishers.ofString(json.writeValueAsString(Map.of("schema", text))))
                    .build();
            JsonNode answer = send(request, "register " + schema.getFullName() + " under " + subject);
            JsonNode id = answer.get("id");
            if (id == null || !id.isInt()) {
                throw new PermanentException("schema registry " + base + " answered no id when registering "
                        + schema.getFullName() + " under " + subject);
            }
            schemas.putIfAbsent(id.intValue(), schema);
            return id.intValue();
        });
    }

    @Override
    public Schema schemaById(int id) {
        return schemas.computeIfAbsent(id, key -> {
            JsonNode answer = send(request("schemas/ids/" + id).GET().build(), "read schema id " + id);
            JsonNode schema = answer.get("schema");
            if (schema == null || !schema.isString()) {
                throw new PermanentException("schema registry " + base + " answered no schema for id " + id);
            }
            try {
                return new Schema.Parser().parse(schema.stringValue());
            } catch (SchemaParseException e) {
                throw new PermanentException("schema registry " + base + " answered an invalid Avro schema for id "
                        + id + ": " + e.getMessage(), e);
            }
        });
    }

    private HttpRequest.Builder request(String path) {
        HttpRequest.Builder builder = HttpRequest.newBuilder(base.resolve(path))
                .timeout(connection.timeout())
                .header("Accept", CONTENT_TYPE)
                .header("Content-Type", CONTENT_TYPE);
        if (authorization != null) {
            builder.header("Authorization", authorization);
        }
        return builder;
    }

    private JsonNode send(HttpRequest request, String what) {
        HttpResponse<String> response;
        try {
            response = http.send(request, HttpResponse.BodyHandlers.ofString());
        } catch (IOException e) {
            throw new RetriableException("schema registry " + base + " unreachable to " + what + ": " + e, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new RetriableException("interrupted while asking schema registry " + base + " to " + what, e);
        }
        int status = response.statusCode();
        if (status / 100 == 2) {
            try {
                return json.readTree(response.body());
            } catch (JacksonException e) {
                throw new PermanentException("schema registry " + base + " answered " + status + " with no JSON to "
                        + what, e);
            }
        }
        throw failure(status, response.body(), what);
    }

    private AgentException failure(int status, String body, String what) {
        String detail = detail(body);
        String message = "schema registry " + base + " refused to " + what + ": HTTP " + status + detail;
        return status >= 500 || status == 429 ? new RetriableException(message) : new PermanentException(message);
    }

    /** The registry's {@code error_code} and {@code message}, when its body is the documented error object. */
    private String detail(String body) {
        try {
            JsonNode error = json.readTree(body);
            if (error != null && error.isObject()) {
                return " (error_code " + error.path("error_code").asString("?") + ": "
                        + error.path("message").asString("no message") + ")";
            }
        } catch (JacksonException e) {
            // not the documented error object: the status alone must do
        }
        return "";
    }
}
