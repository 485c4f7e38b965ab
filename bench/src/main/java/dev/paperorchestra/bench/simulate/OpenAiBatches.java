package dev.paperorchestra.bench.simulate;

import com.sun.net.httpserver.HttpExchange;
import dev.paperorchestra.base.json.Json;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import org.jspecify.annotations.Nullable;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * OpenAI's Batch API with the part of the Files API it needs: {@code POST /v1/files} (a {@code purpose=batch}
 * JSONL upload, every line checked), {@code GET /v1/files/{id}} and {@code /content}, {@code DELETE /v1/files/{id}}
 * (counted, so a test sees the client clean up), {@code POST /v1/batches} (its {@code metadata} kept and given
 * back), {@code GET /v1/batches} (the list, newest first, paged by {@code limit}, {@code after} and
 * {@code has_more}) and {@code GET /v1/batches/{id}}. A batch is {@code validating} when created and {@code in_progress} until its
 * delay has passed; then {@code completed} (or {@code expired}) with an output file of the answered items and an
 * error file of the failed ones, in the documented line formats. Errors are OpenAI's {@code {"error":{...}}}.
 */
final class OpenAiBatches {

    static final String ENDPOINT = "/v1/chat/completions";

    private record StoredFile(String id, String filename, String purpose, byte[] content, long createdAt) {

        ObjectNode toJson() {
            return Json.mapper().createObjectNode().put("id", id).put("object", "file").put("bytes", content.length)
                    .put("created_at", createdAt).put("filename", filename).put("purpose", purpose);
        }
    }

    /** A batch and the files written when it ended. */
    private static final class Batch {

        final ScriptedBatch job;
        final String inputFileId;
        final long sequence;
        final @Nullable JsonNode metadata;
        boolean written;
        @Nullable String outputFileId;
        @Nullable String errorFileId;

        Batch(ScriptedBatch job, String inputFileId, long sequence, @Nullable JsonNode metadata) {
            this.job = job;
            this.inputFileId = inputFileId;
            this.sequence = sequence;
            this.metadata = metadata;
        }
    }

    private final BatchWork work;
    private final Map<String, StoredFile> files = new ConcurrentHashMap<>();
    private final Map<String, Batch> batches = new ConcurrentHashMap<>();
    private final AtomicLong created = new AtomicLong();

    OpenAiBatches(BatchWork work) {
        this.work = work;
    }

    /** {@code /v1/files}, {@code /v1/files/{id}} (GET and DELETE), {@code /v1/files/{id}/content}. */
    void files(HttpExchange exchange, byte[] body) throws IOException {
        String[] path = StubReplies.segments(exchange, "/v1/files");
        String method = exchange.getRequestMethod();
        try {
            if (path.length == 0 && method.equals("POST")) {
                StubReplies.json(exchange, 200, upload(exchange.getRequestHeaders().getFirst("Content-Type"), body)
                        .toJson());
            } else if (path.length == 1 && method.equals("GET")) {
                StubReplies.json(exchange, 200, file(path[0]).toJson());
            } else if (path.length == 1 && method.equals("DELETE")) {
                StoredFile deleted = file(path[0]);
                files.remove(deleted.id());
                work.fileDeleted();
                StubReplies.json(exchange, 200, Json.mapper().createObjectNode().put("id", deleted.id())
                        .put("object", "file").put("deleted", true));
            } else if (path.length == 2 && path[1].equals("content") && method.equals("GET")) {
                StubReplies.send(exchange, 200, "application/jsonl", file(path[0]).content());
            } else {
                throw new StubReplies.Rejected(404, "no " + method + " " + exchange.getRequestURI().getPath(), null);
            }
        } catch (StubReplies.Rejected e) {
            StubReplies.json(exchange, e.status(), error(e));
        }
    }

    /** {@code /v1/batches} and {@code /v1/batches/{id}}. */
    void batches(HttpExchange exchange, byte[] body) throws IOException {
        String[] path = StubReplies.segments(exchange, "/v1/batches");
        String method = exchange.getRequestMethod();
        try {
            if (path.length == 0 && method.equals("POST")) {
                StubReplies.json(exchange, 200, create(body));
            } else if (path.length == 0 && method.equals("GET")) {
                StubReplies.json(exchange, 200, list(StubReplies.query(exchange.getRequestURI().getRawQuery())));
            } else if (path.length == 1 && method.equals("GET")) {
                Batch batch = batches.get(path[0]);
                if (batch == null) {
                    throw new StubReplies.Rejected(404, "No batch found with id '" + path[0] + "'.", "batch_id");
                }
                batch.job.polled();
                StubReplies.json(exchange, 200, describe(batch));
            } else {
                throw new StubReplies.Rejected(404, "no " + method + " " + exchange.getRequestURI().getPath(), null);
            }
        } catch (StubReplies.Rejected e) {
            StubReplies.json(exchange, e.status(), error(e));
        }
    }

    private StoredFile upload(@Nullable String contentType, byte[] body) {
        Map<String, MultipartForm.Part> form = MultipartForm.parse(contentType, body);
        MultipartForm.Part purpose = form.get("purpose");
        MultipartForm.Part file = form.get("file");
        if (purpose == null || file == null) {
            throw new StubReplies.Rejected(400, "an upload needs the fields 'purpose' and 'file'",
                    purpose == null ? "purpose" : "file");
        }
        if (!purpose.text().equals("batch")) {
            throw new StubReplies.Rejected(400, "this stand-in takes purpose 'batch' only, not '" + purpose.text()
                    + "'", "purpose");
        }
        String filename = file.filename() == null ? "upload.jsonl" : file.filename();
        items(file.text(), filename);
        return store(filename, "batch", file.content());
    }

    /** The requests of a batch input file; every line is checked, and the first bad one named. */
    private static List<ScriptedBatch.Item> items(String jsonl, String filename) {
        List<ScriptedBatch.Item> items = new ArrayList<>();
        Set<String> ids = new HashSet<>();
        String[] lines = jsonl.split("\n", -1);
        for (int i = 0; i < lines.length; i++) {
            if (lines[i].isBlank()) {
                continue;
            }
            String where = "line " + (i + 1) + " of " + filename;
            JsonNode line;
            try {
                line = Json.mapper().readTree(lines[i]);
            } catch (JacksonException e) {
                throw new StubReplies.Rejected(400, where + " is not valid JSON", "file");
            }
            String customId = line.path("custom_id").asString("");
            if (!line.isObject() || customId.isEmpty() || !line.path("body").isObject()) {
                throw new StubReplies.Rejected(400, where + " needs a custom_id string and a body object", "file");
            }
            if (!line.path("method").asString("").equals("POST") || !line.path("url").asString("").equals(ENDPOINT)) {
                throw new StubReplies.Rejected(400, where + " must be a POST to " + ENDPOINT, "file");
            }
            if (!ids.add(customId)) {
                throw new StubReplies.Rejected(400, where + " repeats the custom_id '" + customId + "'", "file");
            }
            items.add(new ScriptedBatch.Item(customId, line.path("body")));
        }
        if (items.isEmpty()) {
            throw new StubReplies.Rejected(400, filename + " holds no request", "file");
        }
        return items;
    }

    private ObjectNode create(byte[] body) {
        JsonNode request = StubReplies.readJson(body);
        String inputFileId = request.path("input_file_id").asString("");
        if (!request.path("endpoint").asString("").equals(ENDPOINT)) {
            throw new StubReplies.Rejected(400, "this stand-in batches " + ENDPOINT + " only", "endpoint");
        }
        if (!request.path("completion_window").asString("").equals("24h")) {
            throw new StubReplies.Rejected(400, "the completion_window must be '24h'", "completion_window");
        }
        JsonNode metadata = metadata(request.path("metadata"));
        StoredFile input = file(inputFileId);
        ScriptedBatch accepted = work.accept(work.id("batch_"), items(new String(input.content(),
                StandardCharsets.UTF_8), input.filename()), false);
        Batch batch = new Batch(accepted, inputFileId, created.incrementAndGet(), metadata);
        batches.put(accepted.id(), batch);
        work.beforeAcceptedReply();
        return describe(batch).put("status", "validating");
    }

    /** OpenAI's rule: at most 16 pairs, keys up to 64 characters, values strings up to 512. */
    private static @Nullable JsonNode metadata(JsonNode metadata) {
        if (metadata.isMissingNode() || metadata.isNull()) {
            return null;
        }
        if (!metadata.isObject() || metadata.size() > 16) {
            throw new StubReplies.Rejected(400, "metadata must be an object of at most 16 pairs", "metadata");
        }
        for (var pair : metadata.properties()) {
            if (pair.getKey().length() > 64 || !pair.getValue().isString()
                    || pair.getValue().asString().length() > 512) {
                throw new StubReplies.Rejected(400, "metadata '" + pair.getKey() + "': keys are strings of at most "
                        + "64 characters, values strings of at most 512", "metadata");
            }
        }
        return metadata.deepCopy();
    }

    /**
     * {@code GET /v1/batches}: the newest first, {@code limit} (1 to 100, 20 when not given) of them after the batch
     * {@code after} names, with {@code has_more}. Listing is not polling: it moves no batch on.
     */
    private ObjectNode list(Map<String, String> query) {
        int limit;
        try {
            limit = Integer.parseInt(query.getOrDefault("limit", "20"));
        } catch (NumberFormatException e) {
            throw new StubReplies.Rejected(400, "limit must be a whole number", "limit");
        }
        if (limit < 1 || limit > 100) {
            throw new StubReplies.Rejected(400, "limit must be between 1 and 100", "limit");
        }
        List<Batch> newestFirst = batches.values().stream()
                .sorted(Comparator.comparingLong((Batch batch) -> batch.sequence).reversed()).toList();
        int from = 0;
        String after = query.get("after");
        if (after != null) {
            Batch cursor = batches.get(after);
            if (cursor == null) {
                throw new StubReplies.Rejected(400, "No batch found with id '" + after + "'.", "after");
            }
            from = newestFirst.indexOf(cursor) + 1;
        }
        List<Batch> page = newestFirst.subList(from, Math.min(newestFirst.size(), from + limit));
        ObjectNode json = Json.mapper().createObjectNode().put("object", "list");
        var data = json.putArray("data");
        page.forEach(batch -> data.add(describe(batch)));
        json.put("first_id", page.isEmpty() ? null : page.getFirst().job.id())
                .put("last_id", page.isEmpty() ? null : page.getLast().job.id())
                .put("has_more", from + page.size() < newestFirst.size());
        return json;
    }

    /** The batch object; the first look after its end works it off and writes its files. */
    private ObjectNode describe(Batch batch) {
        ScriptedBatch job = batch.job;
        Map<String, ScriptedBatch.Outcome> outcomes = job.outcomes();
        synchronized (batch) {
            if (outcomes != null && !batch.written) {
                writeFiles(batch, outcomes);
                batch.written = true;
            }
        }
        ObjectNode json = Json.mapper().createObjectNode().put("id", job.id()).put("object", "batch")
                .put("endpoint", ENDPOINT).putNull("errors").put("input_file_id", batch.inputFileId)
                .put("completion_window", "24h");
        Instant ended = job.ended();
        String status = ended == null ? "in_progress" : work.expires() ? "expired" : "completed";
        json.put("status", status).put("output_file_id", batch.outputFileId).put("error_file_id", batch.errorFileId)
                .put("created_at", job.created().getEpochSecond())
                .put("in_progress_at", job.created().getEpochSecond())
                .put("expires_at", job.expiresAt().getEpochSecond());
        Long endedAt = ended == null ? null : ended.getEpochSecond();
        json.put("finalizing_at", endedAt).put("completed_at", status.equals("completed") ? endedAt : null)
                .putNull("failed_at").put("expired_at", status.equals("expired") ? endedAt : null)
                .putNull("cancelling_at").putNull("cancelled_at");
        long completed = job.count(ScriptedBatch.Answered.class);
        json.putObject("request_counts").put("total", job.size()).put("completed", completed)
                .put("failed", ended == null ? 0 : job.size() - completed);
        json.set("metadata", batch.metadata == null ? null : batch.metadata.deepCopy());
        return json;
    }

    private void writeFiles(Batch batch, Map<String, ScriptedBatch.Outcome> outcomes) {
        StringBuilder output = new StringBuilder();
        StringBuilder errors = new StringBuilder();
        outcomes.forEach((customId, outcome) -> {
            ObjectNode line = Json.mapper().createObjectNode().put("id", work.id("batch_req_"))
                    .put("custom_id", customId);
            switch (outcome) {
                case ScriptedBatch.Answered answered -> {
                    response(line, 200).set("body", answered.body());
                    output.append(line.putNull("error")).append('\n');
                }
                case ScriptedBatch.Failed failed -> {
                    response(line, 500).putObject("body").putObject("error").put("message", failed.message())
                            .put("type", "server_error").putNull("param").putNull("code");
                    errors.append(line.putNull("error")).append('\n');
                }
                case ScriptedBatch.Expired expired -> {
                    line.putNull("response");
                    line.putObject("error").put("code", "batch_expired")
                            .put("message", "This request could not be executed before the completion window "
                                    + "expired.");
                    errors.append(line).append('\n');
                }
            }
        });
        String id = batch.job.id();
        if (!output.isEmpty()) {
            batch.outputFileId = store(id + "_output.jsonl", "batch_output",
                    output.toString().getBytes(StandardCharsets.UTF_8)).id();
        }
        if (!errors.isEmpty()) {
            batch.errorFileId = store(id + "_error.jsonl", "batch_output",
                    errors.toString().getBytes(StandardCharsets.UTF_8)).id();
        }
    }

    private ObjectNode response(ObjectNode line, int status) {
        return line.putObject("response").put("status_code", status).put("request_id", work.id("req_"));
    }

    private StoredFile store(String filename, String purpose, byte[] content) {
        StoredFile file = new StoredFile(work.id("file-"), filename, purpose, content, work.now().getEpochSecond());
        files.put(file.id(), file);
        return file;
    }

    private StoredFile file(String id) {
        StoredFile file = files.get(id);
        if (file == null) {
            throw new StubReplies.Rejected(404, "No such File object: " + id, "id");
        }
        return file;
    }

    private static ObjectNode error(StubReplies.Rejected rejected) {
        ObjectNode json = Json.mapper().createObjectNode();
        json.putObject("error").put("message", rejected.getMessage()).put("type", "invalid_request_error")
                .put("param", rejected.param()).putNull("code");
        return json;
    }
}
