package dev.paperorchestra.gateway.gemini.internal;

import dev.paperorchestra.base.errors.PermanentException;
import dev.paperorchestra.base.json.Json;
import dev.paperorchestra.base.redaction.Redaction;
import dev.paperorchestra.gateway.batch.BatchApi;
import dev.paperorchestra.gateway.batch.BatchItem;
import dev.paperorchestra.gateway.batch.BatchPoll;
import dev.paperorchestra.gateway.batch.SubmittedBatch;
import dev.paperorchestra.gateway.provider.BatchTransport;
import dev.paperorchestra.gateway.provider.ChatProvider;
import dev.paperorchestra.gateway.provider.ChatTurn;
import dev.paperorchestra.gateway.provider.ProviderAnswer;
import dev.paperorchestra.gateway.provider.ProviderCall;
import dev.paperorchestra.gateway.provider.ProviderEndpoint;
import dev.paperorchestra.gateway.provider.RequestCapture;
import java.net.URI;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Gemini's batch mode: {@code POST /models/{model}:batchGenerateContent} with the items inline, each the
 * {@code GenerateContentRequest} the synchronous {@link GeminiChatProvider} sends, with {@code metadata.key} set to
 * its custom id. The answer is a long-running operation named {@code batches/{id}}, which is the batch id;
 * {@code GET /batches/{id}} reads it. Its {@code metadata.state} is {@code BATCH_STATE_PENDING} or
 * {@code _RUNNING} while it waits, and {@code _SUCCEEDED}, {@code _FAILED}, {@code _CANCELLED} or
 * {@code _EXPIRED} once it has ended. The answers are in {@code response.inlinedResponses.inlinedResponses[]},
 * each a {@code response} (a {@code GenerateContentResponse}) or an {@code error} (a status), or in a JSONL file
 * named by {@code response.responsesFile}, downloaded from {@code /download/v1beta/{file}:download?alt=media}.
 * Each answer is read by the synchronous provider itself ({@link RequestCapture#replay}), so text, usage
 * ({@code promptTokenCount}, of it {@code cachedContentTokenCount}, and {@code candidatesTokenCount}) and
 * grounding sources come out as they do for a synchronous call.
 * <p>
 * Checked against Google's API reference "Batch Mode" (ai.google.dev/api/batch-mode: the request body, the
 * {@code GenerateContentBatchOutput} with its inlined responses and responses file "in the same order as the input
 * requests") and the Batch API guide (ai.google.dev/gemini-api/docs/batch-api: the REST example that reads
 * {@code metadata.state}, {@code response.inlinedResponses} and {@code response.responsesFile}, and downloads the
 * file), read on 29 November 2026. Uncertain, and so read leniently:
 * <ul>
 *   <li>whether each inlined response carries the request's {@code metadata} back (reported missing by users):
 *       an answer is filed under its key when it has one, else by its position among the submitted ids, and
 *       only when the number of answers equals the number of requests (otherwise an answer without a key is
 *       dropped, and its item made again synchronously);</li>
 *   <li>the state names: the SDKs show {@code JOB_STATE_*} where REST shows {@code BATCH_STATE_*}; both are
 *       read by their suffix;</li>
 *   <li>whether a batch that ended {@code EXPIRED} or {@code FAILED} carries the answers it got to: any it
 *       carries are read, and the rest fail with the batch's state;</li>
 *   <li>the completion window: the guide gives a 24-hour target and expiry after 48 hours of waiting, but the
 *       operation carries no expiry time, so none is reported;</li>
 *   <li>the list of batches ({@code GET /batches}, {@code batches.list}): the reference gives the method and its
 *       paging, not the order or the exact shape of an entry; {@link #find} reads {@code operations[]} (or
 *       {@code batches[]}), each batch's {@code displayName} and {@code createTime} from its {@code metadata} (or
 *       the entry itself), and every page.</li>
 * </ul>
 * A batch carries our local id as its {@code displayName} (required by the API, a user-defined name), so
 * {@link #find} can find a batch accepted just before a restart, before the journal had its name.
 */
public final class GeminiBatchApi implements BatchApi {

    private static final Logger log = LoggerFactory.getLogger(GeminiBatchApi.class);
    static final int LIST_PAGE = 100;
    /** The states after which nothing more is answered, by their suffix. */
    private static final Set<String> ENDED = Set.of("SUCCEEDED", "FAILED", "CANCELLED", "EXPIRED");
    /** Any call the provider takes: replaying reads the answer and ignores the request. */
    private static final ProviderCall READING = new ProviderCall("", List.of(ChatTurn.user("-")), List.of(), null,
            null, 1, false);

    private final ProviderEndpoint endpoint;
    private final ChatProvider provider;
    private final BatchTransport http;

    public GeminiBatchApi(ProviderEndpoint endpoint, String apiKey, Duration timeout) {
        this.endpoint = endpoint;
        this.provider = new GeminiChatProvider(endpoint, "never-sent", timeout, RequestCapture.builder());
        this.http = new BatchTransport("gemini", Map.of("x-goog-api-key", apiKey), timeout);
    }

    /** The batch's {@code displayName} is {@code localId}, for {@link #find}. */
    @Override
    public SubmittedBatch submit(@Nullable String localId, List<BatchItem> items) {
        if (items.isEmpty()) {
            throw new IllegalArgumentException("a batch needs at least one item");
        }
        ObjectNode create = Json.mapper().createObjectNode();
        ObjectNode batch = create.putObject("batch").put("displayName", localId != null ? localId
                : "paperorchestra-" + items.size() + "-"
                + items.getFirst().customId().substring(0, Math.min(12, items.getFirst().customId().length())));
        ArrayNode requests = batch.putObject("inputConfig").putObject("requests").putArray("requests");
        for (BatchItem item : items) {
            ObjectNode request = requests.addObject();
            request.set("request", RequestCapture.body(provider, item.call()));
            request.putObject("metadata").put("key", item.customId());
        }
        JsonNode operation = http.postJson(endpoint.baseUrl() + "/models/" + endpoint.model()
                + ":batchGenerateContent", create);
        String name = string(operation.path("name"), string(operation.path("metadata").path("name"), ""));
        if (!name.startsWith("batches/")) {
            throw new PermanentException("gemini batch API POST /models/"
                    + endpoint.model() + ":batchGenerateContent answered without a batch name");
        }
        return new SubmittedBatch(name, null);
    }

    /**
     * Pages through {@code GET /batches} ({@code pageSize}, {@code pageToken} while a {@code nextPageToken} comes
     * back) for the batch whose {@code displayName} is {@code localId} and that was created no earlier than
     * {@code since} less {@link #FIND_LOOK_BACK}. The list's order is not documented, so every page is read, up to
     * {@link #FIND_MAX_PAGES}.
     */
    @Override
    public Optional<SubmittedBatch> find(String localId, Instant since) {
        Instant oldest = since.minus(FIND_LOOK_BACK);
        String token = null;
        for (int page = 0; page < FIND_MAX_PAGES; page++) {
            JsonNode list = http.getJson(endpoint.baseUrl() + "/batches?pageSize=" + LIST_PAGE
                    + (token == null ? "" : "&pageToken=" + URLEncoder.encode(token, StandardCharsets.UTF_8)));
            JsonNode operations = list.path("operations").isArray() ? list.path("operations") : list.path("batches");
            for (JsonNode operation : operations.values()) {
                // an operation carries the batch in its metadata; a bare batch carries its fields itself
                JsonNode batch = operation.path("metadata").isObject() ? operation.path("metadata") : operation;
                if (!localId.equals(string(batch.path("displayName"), ""))) {
                    continue;
                }
                Instant created = instant(batch.path("createTime"));
                String name = string(operation.path("name"), string(batch.path("name"), ""));
                if ((created == null || !created.isBefore(oldest)) && name.startsWith("batches/")) {
                    return Optional.of(new SubmittedBatch(name, null));
                }
            }
            token = string(list.path("nextPageToken"), "");
            if (token.isEmpty()) {
                return Optional.empty();
            }
        }
        log.warn("batch {}: not found in {} pages of the batch list; taken as never sent", localId, FIND_MAX_PAGES);
        return Optional.empty();
    }

    private static @Nullable Instant instant(JsonNode node) {
        try {
            return node.isString() ? Instant.parse(node.asString()) : null;
        } catch (DateTimeParseException e) {
            return null;
        }
    }

    @Override
    public BatchPoll poll(String batchId, List<String> customIds) {
        JsonNode operation = http.getJson(endpoint.baseUrl() + "/" + batchId);
        String state = string(operation.path("metadata").path("state"), "");
        String ending = ended(state);
        JsonNode failure = operation.path("error");
        if (ending == null && !operation.path("done").asBoolean(false)) {
            // a state this client does not know is read as still running: the caller's own deadline ends the wait
            return BatchPoll.waiting(state.isEmpty() ? "pending" : state);
        }
        Map<String, ProviderAnswer> answers = new LinkedHashMap<>();
        Map<String, String> failures = new HashMap<>();
        JsonNode output = operation.path("response");
        JsonNode inlined = output.path("inlinedResponses").path("inlinedResponses");
        String file = string(output.path("responsesFile"), "");
        if (inlined.isArray()) {
            List<JsonNode> lines = new ArrayList<>();
            inlined.values().forEach(lines::add);
            for (int i = 0; i < lines.size(); i++) {
                read(lines.get(i), key(lines.get(i).path("metadata").path("key"), i, lines.size(), customIds),
                        answers, failures);
            }
        } else if (!file.isBlank()) {
            List<JsonNode> lines = new ArrayList<>();
            http.eachLine(downloadUrl(file), lines::add);
            for (int i = 0; i < lines.size(); i++) {
                read(lines.get(i), key(lines.get(i).path("key"), i, lines.size(), customIds), answers, failures);
            }
        }
        String status = state.isEmpty() ? "done" : state;
        if (failure.isObject()) {
            status = Redaction.redact(status + ": " + string(failure.path("message"), "failed").strip());
        }
        String word = ending == null ? "ended" : ending.toLowerCase(Locale.ROOT);
        for (String customId : customIds) {
            if (!answers.containsKey(customId) && !failures.containsKey(customId)) {
                failures.put(customId, word + ": the batch ended (" + state + ") without an answer to this request");
            }
        }
        return new BatchPoll(true, answers, failures, status);
    }

    /** The state's ending word ({@code SUCCEEDED}...), or null while the batch is still being worked on. */
    private static @Nullable String ended(String state) {
        int underscore = state.lastIndexOf('_');
        String suffix = underscore < 0 ? state : state.substring(underscore + 1);
        return ENDED.contains(suffix) ? suffix : null;
    }

    /**
     * The custom id an answer belongs to: its key, or else its position, which the documentation promises is the
     * request's, but only when there are as many answers as requests.
     */
    private static @Nullable String key(JsonNode key, int index, int answers, List<String> customIds) {
        if (key.isString() && !key.asString().isBlank()) {
            return key.asString();
        }
        if (answers == customIds.size()) {
            return customIds.get(index);
        }
        log.warn("gemini batch answer {} of {} has no key and {} requests were sent: it cannot be placed and its item "
                + "counts as unanswered", index + 1, answers, customIds.size());
        return null;
    }

    private void read(JsonNode line, @Nullable String customId, Map<String, ProviderAnswer> answers,
            Map<String, String> failures) {
        if (customId == null) {
            return;
        }
        JsonNode error = line.has("error") ? line.path("error") : line.path("status");
        JsonNode response = line.path("response");
        if (error.isObject() || !response.isObject()) {
            String reason = error.isObject()
                    ? string(error.path("status"), "error " + error.path("code").asInt(0)) + ": "
                            + string(error.path("message"), "")
                    : "the answer holds neither a response nor an error";
            failures.put(customId, Redaction.redact(reason.strip()));
            return;
        }
        try {
            answers.put(customId, RequestCapture.replay(provider, READING,
                    BatchTransport.COMPACT.writeValueAsString(response)));
        } catch (RuntimeException e) {
            // what the synchronous path would refuse too (no candidate, a blocked answer): this item only fails
            failures.put(customId, Redaction.redact("the answer could not be read: " + e.getMessage()));
        }
    }

    /**
     * Where a responses file is downloaded: the API's host with {@code /download} before the version, as
     * {@code https://generativelanguage.googleapis.com/download/v1beta/files/x:download?alt=media}.
     */
    String downloadUrl(String file) {
        URI base = URI.create(endpoint.baseUrl());
        String path = base.getPath() == null ? "" : base.getPath().replaceAll("/+$", "");
        int slash = path.lastIndexOf('/');
        String prefix = slash < 0 ? "" : path.substring(0, slash);
        String version = slash < 0 ? path : path.substring(slash + 1);
        String origin = base.getScheme() + "://" + base.getRawAuthority();
        return origin + prefix + "/download/" + version + "/" + file + ":download?alt=media";
    }

    private static String string(JsonNode node, String fallback) {
        return node.isString() ? node.asString() : fallback;
    }
}
