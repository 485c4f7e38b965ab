package dev.paperorchestra.runtime.testing;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import dev.paperorchestra.base.json.Json;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * An in-process Confluent Schema Registry speaking the documented REST endpoints the client uses:
 * {@code POST /subjects/{subject}/versions} ({@code {"schema": "..."}} → {@code {"id": N}}, the same id again for
 * a schema already registered) and {@code GET /schemas/ids/{id}} ({@code {"schema": "..."}}), with the documented
 * error body ({@code {"error_code": 40403, "message": "Schema not found"}}) for unknown ids, malformed requests
 * and any answer a test queues. Optionally demands HTTP basic authentication.
 */
public final class StubSchemaRegistry implements AutoCloseable {

    private static final String CONTENT_TYPE = "application/vnd.schemaregistry.v1+json";
    private static final Pattern REGISTER = Pattern.compile("/subjects/([^/]+)/versions");
    private static final Pattern BY_ID = Pattern.compile("/schemas/ids/(\\d+)");

    private final HttpServer server;
    private final JsonMapper json = Json.mapper();
    private final List<String> schemas = new CopyOnWriteArrayList<>();
    private final Map<String, List<Integer>> subjects = new ConcurrentHashMap<>();
    private final Queue<Failure> failures = new ConcurrentLinkedQueue<>();
    private final List<String> requests = new CopyOnWriteArrayList<>();
    private final @Nullable String expectedAuthorization;

    private record Failure(int status, int errorCode, String message) {
    }

    private StubSchemaRegistry(@Nullable String expectedAuthorization) throws IOException {
        this.expectedAuthorization = expectedAuthorization;
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/", this::handle);
        server.start();
    }

    public static StubSchemaRegistry start() throws IOException {
        return new StubSchemaRegistry(null);
    }

    /** A registry answering 401 unless the request carries this basic-auth header value. */
    public static StubSchemaRegistry requiringAuthorization(String authorization) throws IOException {
        return new StubSchemaRegistry(authorization);
    }

    public URI url() {
        return URI.create("http://127.0.0.1:" + server.getAddress().getPort());
    }

    /** Registers a schema directly, as another writer would have; returns its id. */
    public int add(String subject, String schema) {
        return register(subject, schema);
    }

    /** The next request is answered with this status and documented error body instead. */
    public void failNext(int status, int errorCode, String message) {
        failures.add(new Failure(status, errorCode, message));
    }

    /** "METHOD path" of every request received, in order. */
    public List<String> requests() {
        return List.copyOf(requests);
    }

    public List<String> subjects() {
        return List.copyOf(subjects.keySet());
    }

    private synchronized int register(String subject, String schema) {
        int index = schemas.indexOf(schema);
        if (index < 0) {
            schemas.add(schema);
            index = schemas.size() - 1;
        }
        int id = index + 1;
        List<Integer> versions = subjects.computeIfAbsent(subject, s -> new CopyOnWriteArrayList<>());
        if (!versions.contains(id)) {
            versions.add(id);
        }
        return id;
    }

    private void handle(HttpExchange exchange) throws IOException {
        try (exchange) {
            String path = exchange.getRequestURI().getRawPath();
            requests.add(exchange.getRequestMethod() + " " + path);
            if (expectedAuthorization != null
                    && !expectedAuthorization.equals(exchange.getRequestHeaders().getFirst("Authorization"))) {
                answer(exchange, 401, error(40101, "Unauthorized"));
                return;
            }
            Failure failure = failures.poll();
            if (failure != null) {
                answer(exchange, failure.status(), error(failure.errorCode(), failure.message()));
                return;
            }
            Matcher register = REGISTER.matcher(path);
            Matcher byId = BY_ID.matcher(path);
            if (exchange.getRequestMethod().equals("POST") && register.matches()) {
                String subject = URLDecoder.decode(register.group(1), StandardCharsets.UTF_8);
                JsonNode body = json.readTree(exchange.getRequestBody());
                JsonNode schema = body.get("schema");
                if (schema == null || !schema.isString() || !CONTENT_TYPE.equals(
                        exchange.getRequestHeaders().getFirst("Content-Type"))) {
                    answer(exchange, 422, error(42201, "Invalid schema"));
                    return;
                }
                answer(exchange, 200, json.writeValueAsString(Map.of("id", register(subject, schema.stringValue()))));
            } else if (exchange.getRequestMethod().equals("GET") && byId.matches()) {
                int id = Integer.parseInt(byId.group(1));
                if (id < 1 || id > schemas.size()) {
                    answer(exchange, 404, error(40403, "Schema " + id + " not found"));
                    return;
                }
                answer(exchange, 200, json.writeValueAsString(Map.of("schema", schemas.get(id - 1))));
            } else {
                answer(exchange, 404, error(404, "HTTP 404 Not Found"));
            }
        }
    }

    private String error(int code, String message) {
        return json.writeValueAsString(Map.of("error_code", code, "message", message));
    }

    private static void answer(HttpExchange exchange, int status, String body) throws IOException {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().set("Content-Type", CONTENT_TYPE);
        exchange.sendResponseHeaders(status, bytes.length);
        exchange.getResponseBody().write(bytes);
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
