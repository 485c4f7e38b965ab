package dev.paperorchestra.bench.simulate;

import dev.paperorchestra.gateway.batch.BatchItem;
import com.sun.net.httpserver.HttpExchange;
import dev.paperorchestra.base.json.Json;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Anthropic's Message Batches API: {@code POST /v1/messages/batches}, {@code GET /v1/messages/batches/{id}}
 * ({@code in_progress} until the delay has passed, then {@code ended} with a {@code results_url}) and
 * {@code GET /v1/messages/batches/{id}/results}, one JSONL line per request: {@code succeeded} with the message,
 * {@code errored} or {@code expired}. Errors are Anthropic's {@code {"type":"error","error":{...}}}.
 */
final class AnthropicBatches {

    static final String PATH = "/v1/messages/batches";

    /** Anthropic's rule for a custom id. */

    private final BatchWork work;
    private final String baseUrl;
    private final Map<String, ScriptedBatch> batches = new ConcurrentHashMap<>();

    /** @param baseUrl the server's address up to {@code /v1}, for the results URL */
    AnthropicBatches(BatchWork work, String baseUrl) {
        this.work = work;
        this.baseUrl = baseUrl;
    }

    /** Every request under {@link #PATH}. */
    void serve(HttpExchange exchange, byte[] body) throws IOException {
        String[] path = StubReplies.segments(exchange, PATH);
        String method = exchange.getRequestMethod();
        try {
            if (path.length == 0 && method.equals("POST")) {
                StubReplies.json(exchange, 200, describe(create(body)));
            } else if (path.length == 1 && method.equals("GET")) {
                ScriptedBatch polled = batch(path[0]);
                polled.polled();
                StubReplies.json(exchange, 200, describe(polled));
            } else if (path.length == 2 && path[1].equals("results") && method.equals("GET")) {
                StubReplies.send(exchange, 200, "application/x-jsonl", results(batch(path[0])));
            } else {
                throw new StubReplies.Rejected(404, "no " + method + " " + exchange.getRequestURI().getPath(), null);
            }
        } catch (StubReplies.Rejected e) {
            ObjectNode error = Json.mapper().createObjectNode().put("type", "error");
            error.putObject("error").put("type", e.status() == 404 ? "not_found_error" : "invalid_request_error")
                    .put("message", e.getMessage());
            StubReplies.json(exchange, e.status(), error);
        }
    }

    private ScriptedBatch create(byte[] body) {
        JsonNode requests = StubReplies.readJson(body).path("requests");
        if (!requests.isArray() || requests.isEmpty()) {
            throw new StubReplies.Rejected(400, "requests: a batch needs a non-empty array of requests", "requests");
        }
        List<ScriptedBatch.Item> items = new ArrayList<>();
        Set<String> ids = new HashSet<>();
        for (int i = 0; i < requests.size(); i++) {
            JsonNode request = requests.get(i);
            String customId = request.path("custom_id").asString("");
            String where = "requests." + i;
            if (!BatchItem.CUSTOM_ID.matcher(customId).matches()) {
                throw new StubReplies.Rejected(400, where + ".custom_id: '" + customId
                        + "' must be 1 to 64 letters, digits, '_' or '-'", "custom_id");
            }
            if (!ids.add(customId)) {
                throw new StubReplies.Rejected(400, where + ".custom_id: '" + customId + "' is used twice",
                        "custom_id");
            }
            JsonNode params = request.path("params");
            if (!params.isObject() || !params.path("model").isString() || !params.path("messages").isArray()) {
                throw new StubReplies.Rejected(400, where + ".params: a Messages request with model and messages "
                        + "is required", "params");
            }
            items.add(new ScriptedBatch.Item(customId, params));
        }
        ScriptedBatch batch = work.accept(work.id("msgbatch_"), items, true);
        batches.put(batch.id(), batch);
        return batch;
    }

    private ScriptedBatch batch(String id) {
        ScriptedBatch batch = batches.get(id);
        if (batch == null) {
            throw new StubReplies.Rejected(404, "message batch " + id + " not found", null);
        }
        return batch;
    }

    /** The message batch; the first look after its end works it off. */
    private ObjectNode describe(ScriptedBatch batch) {
        Instant ended = batch.ended();
        ObjectNode json = Json.mapper().createObjectNode().put("id", batch.id()).put("type", "message_batch")
                .put("processing_status", ended == null ? "in_progress" : "ended");
        json.putObject("request_counts")
                .put("processing", ended == null ? batch.size() : 0)
                .put("succeeded", batch.count(ScriptedBatch.Answered.class))
                .put("errored", batch.count(ScriptedBatch.Failed.class))
                .put("canceled", 0)
                .put("expired", batch.count(ScriptedBatch.Expired.class));
        json.putNull("archived_at").putNull("cancel_initiated_at")
                .put("created_at", batch.created().toString())
                .put("expires_at", batch.expiresAt().toString())
                .put("ended_at", ended == null ? null : ended.toString())
                .put("results_url", ended == null ? null : baseUrl + "/messages/batches/" + batch.id() + "/results");
        return json;
    }

    private static byte[] results(ScriptedBatch batch) {
        Map<String, ScriptedBatch.Outcome> outcomes = batch.outcomes();
        if (outcomes == null) {
            throw new StubReplies.Rejected(400, "message batch " + batch.id() + " is still in progress; its results "
                    + "are available once it has ended", null);
        }
        StringBuilder jsonl = new StringBuilder();
        outcomes.forEach((customId, outcome) -> {
            ObjectNode line = Json.mapper().createObjectNode().put("custom_id", customId);
            ObjectNode result = line.putObject("result");
            switch (outcome) {
                case ScriptedBatch.Answered answered -> result.put("type", "succeeded").set("message", answered.body());
                case ScriptedBatch.Failed failed -> result.put("type", "errored").putObject("error")
                        .put("type", "error").putObject("error").put("type", "api_error")
                        .put("message", failed.message());
                case ScriptedBatch.Expired expired -> result.put("type", "expired");
            }
            jsonl.append(line).append('\n');
        });
        return jsonl.toString().getBytes(StandardCharsets.UTF_8);
    }
}
