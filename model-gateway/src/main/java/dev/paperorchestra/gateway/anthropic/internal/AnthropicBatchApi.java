package dev.paperorchestra.gateway.anthropic.internal;

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
import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.StringJoiner;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Anthropic's Message Batches API: {@code POST /messages/batches} with each item's Messages request as
 * {@code params}, the body the synchronous {@link AnthropicChatProvider} sends (its cache breakpoints on the
 * system prompt and the stable blocks included, so batched calls read the same prompt cache). Once
 * {@code processing_status} is {@code ended}, the results file at {@code results_url} has one line per item:
 * succeeded with its message, or errored, canceled or expired, each under its {@code custom_id} (so the submitted
 * ids are not needed to read it).
 * <p>
 * A batch cannot carry a caller's id: the create request takes only {@code requests}, and the list
 * ({@code GET /messages/batches}) gives ids, times and counts, nothing of ours. So {@link #find} is not
 * offered, and a batch accepted just before a restart, before the journal had its id, is sent again and paid twice.
 */
public final class AnthropicBatchApi implements BatchApi {

    static final String VERSION = "2023-06-01";

    private final ProviderEndpoint endpoint;
    private final ChatProvider bodies;
    private final BatchTransport http;

    public AnthropicBatchApi(ProviderEndpoint endpoint, String apiKey, Duration timeout, int maxOutputTokens) {
        this.endpoint = endpoint;
        this.bodies = new AnthropicChatProvider(endpoint, "never-sent", timeout, maxOutputTokens,
                RequestCapture.builder());
        this.http = new BatchTransport("anthropic", Map.of("x-api-key", apiKey, "anthropic-version", VERSION),
                timeout);
    }

    /** Message Batches keep no tag of the caller's: {@code localId} is not sent. */
    @Override
    public SubmittedBatch submit(@Nullable String localId, List<BatchItem> items) {
        if (items.isEmpty()) {
            throw new IllegalArgumentException("a batch needs at least one item");
        }
        ObjectNode create = Json.mapper().createObjectNode();
        ArrayNode requests = create.putArray("requests");
        for (BatchItem item : items) {
            requests.addObject().put("custom_id", item.customId())
                    .set("params", RequestCapture.body(bodies, item.call()));
        }
        JsonNode batch = http.postJson(endpoint.baseUrl() + "/messages/batches", create);
        return new SubmittedBatch(batch.path("id").asString(), instant(batch.path("expires_at")));
    }

    @Override
    public BatchPoll poll(String batchId, List<String> customIds) {
        JsonNode batch = http.getJson(endpoint.baseUrl() + "/messages/batches/" + batchId);
        String status = string(batch.path("processing_status"), "");
        // in_progress and canceling; a status this client does not know is read as still running too
        if (!status.equals("ended")) {
            return BatchPoll.waiting(status);
        }
        Map<String, ProviderAnswer> answers = new LinkedHashMap<>();
        Map<String, String> failures = new HashMap<>();
        String results = string(batch.path("results_url"), "");
        if (!results.isBlank()) {
            String url = URI.create(endpoint.baseUrl()).resolve(results).toString();
            http.eachLine(url, line -> read(line, answers, failures));
        }
        return new BatchPoll(true, answers, failures, status);
    }

    private void read(JsonNode line, Map<String, ProviderAnswer> answers, Map<String, String> failures) {
        String customId = line.path("custom_id").asString();
        JsonNode result = line.path("result");
        String type = string(result.path("type"), "unknown");
        if (type.equals("succeeded")) {
            answers.put(customId, answer(result.path("message")));
            return;
        }
        // errored: {"error":{"type":"error","error":{"type":"invalid_request_error","message":"..."}}}
        JsonNode error = result.path("error").path("error");
        String reason = error.isObject()
                ? type + ": " + string(error.path("type"), "error") + ": " + string(error.path("message"), "")
                : type;
        failures.put(customId, Redaction.redact(reason.strip()));
    }

    /**
     * A message as the synchronous provider reads it: the text blocks joined by a line break, as LangChain4j
     * joins them, and input counting the cache's writes and reads as {@link AnthropicChatProvider} does, the
     * writes kept apart too: they are billed above the input price, the reads below it.
     */
    private ProviderAnswer answer(JsonNode message) {
        StringJoiner text = new StringJoiner("\n");
        for (JsonNode block : message.path("content").values()) {
            if (string(block.path("type"), "").equals("text")) {
                text.add(string(block.path("text"), ""));
            }
        }
        JsonNode usage = message.path("usage");
        long cacheRead = usage.path("cache_read_input_tokens").asLong(0);
        long cacheWrite = usage.path("cache_creation_input_tokens").asLong(0);
        long input = usage.path("input_tokens").asLong(0) + cacheWrite + cacheRead;
        return new ProviderAnswer(text.toString(), string(message.path("model"), endpoint.model()), input,
                cacheRead, cacheWrite, usage.path("output_tokens").asLong(0), List.of());
    }

    private static @Nullable Instant instant(JsonNode node) {
        try {
            return node.isString() ? Instant.parse(node.asString()) : null;
        } catch (DateTimeParseException e) {
            return null;
        }
    }

    private static String string(JsonNode node, String fallback) {
        return node.isString() ? node.asString() : fallback;
    }
}
