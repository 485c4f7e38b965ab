package dev.paperorchestra.gateway.openai.internal;

import dev.paperorchestra.base.json.Json;
import dev.paperorchestra.base.redaction.Redaction;
import dev.paperorchestra.gateway.batch.BatchApi;
import dev.paperorchestra.gateway.batch.BatchItem;
import dev.paperorchestra.gateway.batch.BatchPoll;
import dev.paperorchestra.gateway.batch.SubmittedBatch;
import dev.paperorchestra.gateway.provider.BatchTransport;
import dev.paperorchestra.gateway.provider.ChatProvider;
import dev.paperorchestra.gateway.provider.ProviderAnswer;
import dev.paperorchestra.gateway.provider.ProviderEndpoint;
import dev.paperorchestra.gateway.provider.RequestCapture;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * OpenAI's Batch API: the items go up as one JSONL file ({@code POST /files}, purpose {@code batch}), each line a
 * chat completion request with the body the synchronous {@link OpenAiChatProvider} sends; {@code POST /batches}
 * starts it with a 24-hour window. Once the batch has ended (completed, expired, cancelled or failed) the output
 * file holds the answers and the error file the requests that failed or were never run. Answers are filed by
 * {@code custom_id}, so the submitted ids are not needed. Once the answers are filed, {@link #release} deletes the
 * input, output and error files ({@code DELETE /files/{id}}), which OpenAI otherwise keeps and counts against
 * the organisation's storage. Each batch carries our local id of it in its {@code metadata}, so that
 * {@link #find} can find a batch accepted just before a restart by listing the batches ({@code GET /batches}).
 * Servers that only speak chat completions (vLLM, Ollama) have no batch endpoints and
 * answer 404, a permanent failure.
 */
public final class OpenAiBatchApi implements BatchApi {

    static final String CHAT_COMPLETIONS = "/v1/chat/completions";
    /** After these nothing more is answered; validating, in_progress, finalizing and cancelling come before. */
    private static final Set<String> ENDED = Set.of("completed", "expired", "cancelled", "failed");

    private static final Logger log = LoggerFactory.getLogger(OpenAiBatchApi.class);
    /** The metadata key that carries our local id of a batch. */
    static final String LOCAL_ID = "paperorchestra_batch";
    /** The most OpenAI lists in one page. */
    static final int LIST_PAGE = 100;

    private final ProviderEndpoint endpoint;
    private final ChatProvider bodies;
    private final BatchTransport http;

    public OpenAiBatchApi(ProviderEndpoint endpoint, String apiKey, Duration timeout) {
        this.endpoint = endpoint;
        this.bodies = new OpenAiChatProvider(endpoint, "never-sent", timeout, RequestCapture.builder());
        this.http = new BatchTransport("openai", apiKey.isBlank() ? Map.of()
                : Map.of("Authorization", "Bearer " + apiKey), timeout);
    }

    /** The batch carries {@code localId} in its metadata under {@link #LOCAL_ID}, for {@link #find}. */
    @Override
    public SubmittedBatch submit(@Nullable String localId, List<BatchItem> items) {
        if (items.isEmpty()) {
            throw new IllegalArgumentException("a batch needs at least one item");
        }
        StringBuilder jsonl = new StringBuilder();
        for (BatchItem item : items) {
            ObjectNode line = Json.mapper().createObjectNode().put("custom_id", item.customId())
                    .put("method", "POST").put("url", CHAT_COMPLETIONS);
            line.set("body", RequestCapture.body(bodies, item.call()));
            jsonl.append(BatchTransport.COMPACT.writeValueAsString(line)).append('\n');
        }
        JsonNode file = http.postFile(endpoint.baseUrl() + "/files", Map.of("purpose", "batch"), "file",
                "batch.jsonl", "application/jsonl", jsonl.toString());
        ObjectNode create = Json.mapper().createObjectNode().put("input_file_id", file.path("id").asString())
                .put("endpoint", CHAT_COMPLETIONS).put("completion_window", "24h");
        if (localId != null) {
            create.putObject("metadata").put(LOCAL_ID, localId);
        }
        return submitted(http.postJson(endpoint.baseUrl() + "/batches", create));
    }

    /**
     * Pages through {@code GET /batches} (newest first, {@code limit}, {@code after} the last id while
     * {@code has_more}) until a batch was created before {@code since} less {@link #FIND_LOOK_BACK}, and takes the one
     * whose metadata carries {@code localId}.
     */
    @Override
    public Optional<SubmittedBatch> find(String localId, Instant since) {
        long oldest = since.minus(FIND_LOOK_BACK).getEpochSecond();
        String after = null;
        for (int page = 0; page < FIND_MAX_PAGES; page++) {
            JsonNode list = http.getJson(endpoint.baseUrl() + "/batches?limit=" + LIST_PAGE
                    + (after == null ? "" : "&after=" + URLEncoder.encode(after, StandardCharsets.UTF_8)));
            boolean older = false;
            for (JsonNode batch : list.path("data").values()) {
                if (localId.equals(string(batch.path("metadata").path(LOCAL_ID), ""))) {
                    return Optional.of(submitted(batch));
                }
                older |= batch.path("created_at").isNumber() && batch.path("created_at").asLong() < oldest;
                after = batch.path("id").asString();
            }
            if (older || !list.path("has_more").asBoolean(false) || after == null) {
                return Optional.empty();
            }
        }
        log.warn("batch {}: not found in the newest {} batches; taken as never sent", localId,
                FIND_MAX_PAGES * LIST_PAGE);
        return Optional.empty();
    }

    private static SubmittedBatch submitted(JsonNode batch) {
        JsonNode expires = batch.path("expires_at");
        return new SubmittedBatch(batch.path("id").asString(),
                expires.isNumber() ? Instant.ofEpochSecond(expires.asLong()) : null);
    }

    @Override
    public BatchPoll poll(String batchId, List<String> customIds) {
        JsonNode batch = http.getJson(endpoint.baseUrl() + "/batches/" + batchId);
        String status = batch.path("status").asString();
        // a status this client does not know is read as still running: the caller's own deadline ends the wait
        if (!ENDED.contains(status)) {
            return BatchPoll.waiting(status);
        }
        Map<String, ProviderAnswer> answers = new LinkedHashMap<>();
        Map<String, String> failures = new HashMap<>();
        for (String file : List.of("output_file_id", "error_file_id")) {
            String fileId = string(batch.path(file), "");
            if (!fileId.isBlank()) {
                http.eachLine(endpoint.baseUrl() + "/files/" + fileId + "/content",
                        line -> read(line, answers, failures));
            }
        }
        return new BatchPoll(true, answers, failures, status.equals("failed") ? failed(batch) : status);
    }

    @Override
    public void release(String batchId) {
        JsonNode batch;
        try {
            batch = http.getJson(endpoint.baseUrl() + "/batches/" + batchId);
        } catch (RuntimeException e) {
            log.warn("batch {}: its files are kept, the batch could not be read: {}", batchId, e.getMessage());
            return;
        }
        for (String file : List.of("input_file_id", "output_file_id", "error_file_id")) {
            String fileId = string(batch.path(file), "");
            if (fileId.isBlank()) {
                continue;
            }
            try {
                http.delete(endpoint.baseUrl() + "/files/" + fileId);
            } catch (RuntimeException e) {
                log.warn("batch {}: file {} could not be deleted and is kept: {}", batchId, fileId, e.getMessage());
            }
        }
    }

    /** A batch that failed as a whole (its file did not validate) says why in {@code errors}: the status tells it. */
    private static String failed(JsonNode batch) {
        List<String> reasons = new ArrayList<>();
        for (JsonNode error : batch.path("errors").path("data").values()) {
            JsonNode line = error.path("line");
            reasons.add((line.isNumber() ? "line " + line.asInt() + ": " : "") + string(error.path("message"), "")
                    .strip());
        }
        return reasons.isEmpty() ? "failed" : Redaction.redact("failed: " + String.join("; ",
                reasons.subList(0, Math.min(3, reasons.size()))));
    }

    private void read(JsonNode line, Map<String, ProviderAnswer> answers, Map<String, String> failures) {
        String customId = line.path("custom_id").asString();
        JsonNode response = line.path("response");
        JsonNode error = line.path("error");
        int status = response.path("status_code").asInt(0);
        if (status == 200 && (error.isMissingNode() || error.isNull())) {
            answers.put(customId, answer(response.path("body")));
            return;
        }
        String reason;
        if (error.isObject()) {
            reason = string(error.path("code"), "error") + ": " + string(error.path("message"), "");
        } else {
            reason = "HTTP " + status + ": " + string(response.path("body").path("error").path("message"), "");
        }
        failures.put(customId, Redaction.redact(reason.strip()));
    }

    /** A chat completion as the synchronous provider reads it. */
    private ProviderAnswer answer(JsonNode completion) {
        String text = string(completion.path("choices").path(0).path("message").path("content"), "");
        JsonNode usage = completion.path("usage");
        return new ProviderAnswer(text, string(completion.path("model"), endpoint.model()),
                usage.path("prompt_tokens").asLong(0),
                usage.path("prompt_tokens_details").path("cached_tokens").asLong(0),
                usage.path("completion_tokens").asLong(0), List.of());
    }

    private static String string(JsonNode node, String fallback) {
        return node.isString() ? node.asString() : fallback;
    }
}
