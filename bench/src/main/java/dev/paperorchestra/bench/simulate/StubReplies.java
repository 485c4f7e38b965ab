package dev.paperorchestra.bench.simulate;

import com.sun.net.httpserver.HttpExchange;
import dev.paperorchestra.base.json.Json;
import java.io.IOException;
import java.io.OutputStream;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;

/** Writing a stub's answers, and the bad request a batch endpoint turns away. */
final class StubReplies {

    /**
     * A request a stub answers with a client error: {@code status} 400 or 404, what is wrong, and the field it is
     * about when there is one. Each provider's endpoint writes it in that provider's error format.
     */
    static final class Rejected extends RuntimeException {

        private final int status;
        private final @Nullable String param;

        Rejected(int status, String message, @Nullable String param) {
            super(message);
            this.status = status;
            this.param = param;
        }

        int status() {
            return status;
        }

        @Nullable String param() {
            return param;
        }
    }

    private StubReplies() {
    }

    /** The path's segments after {@code prefix}. */
    static String[] segments(HttpExchange exchange, String prefix) {
        String rest = exchange.getRequestURI().getPath().substring(prefix.length());
        rest = rest.replaceAll("^/+|/+$", "");
        return rest.isEmpty() ? new String[0] : rest.split("/");
    }

    /** A raw query string's parameters, decoded; the last of a repeated name wins. */
    static Map<String, String> query(@Nullable String raw) {
        Map<String, String> params = new LinkedHashMap<>();
        if (raw != null) {
            for (String pair : raw.split("&")) {
                int eq = pair.indexOf('=');
                if (eq > 0) {
                    params.put(pair.substring(0, eq), URLDecoder.decode(pair.substring(eq + 1), StandardCharsets.UTF_8));
                }
            }
        }
        return params;
    }

    /** The body as JSON; a body that is not JSON is turned away (400). */
    static JsonNode readJson(byte[] body) {
        try {
            return Json.mapper().readTree(new String(body, StandardCharsets.UTF_8));
        } catch (JacksonException e) {
            throw new Rejected(400, "the body is not valid JSON", null);
        }
    }

    static void json(HttpExchange exchange, int status, JsonNode body) throws IOException {
        send(exchange, status, "application/json", body.toString().getBytes(StandardCharsets.UTF_8));
    }

    static void send(HttpExchange exchange, int status, String contentType, byte[] body) throws IOException {
        exchange.getResponseHeaders().add("Content-Type", contentType);
        exchange.sendResponseHeaders(status, body.length == 0 ? -1 : body.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(body);
        }
    }
}
