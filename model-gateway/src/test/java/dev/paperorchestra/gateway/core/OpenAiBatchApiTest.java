package dev.paperorchestra.gateway.core;

import static com.github.tomakehurst.wiremock.client.WireMock.absent;
import static com.github.tomakehurst.wiremock.client.WireMock.delete;
import static com.github.tomakehurst.wiremock.client.WireMock.deleteRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.equalTo;
import static com.github.tomakehurst.wiremock.client.WireMock.equalToJson;
import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.getRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.postRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static org.assertj.core.api.Assertions.assertThat;

import com.github.tomakehurst.wiremock.client.MappingBuilder;
import com.github.tomakehurst.wiremock.verification.LoggedRequest;
import dev.paperorchestra.base.json.Json;
import dev.paperorchestra.gateway.LlmProperties.ProviderKind;
import dev.paperorchestra.gateway.batch.BatchItem;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/** OpenAI's Batch API: a JSONL file through the Files API, a batch over it, output and error files. */
class OpenAiBatchApiTest extends BatchApiContractTest {

    @Override
    ProviderKind kind() {
        return ProviderKind.OPENAI;
    }

    @Override
    void stubSubmit(String batchId) {
        server.stubFor(post(urlPathEqualTo("/v1/files")).willReturn(json(200, """
                {"id":"file-in","object":"file","bytes":1000,"created_at":1764400000,"filename":"batch.jsonl",
                 "purpose":"batch"}""")));
        server.stubFor(post(urlPathEqualTo("/v1/batches")).willReturn(json(200, batch(batchId, "validating",
                null, null))));
    }

    static String batch(String id, String status, String outputFile, String errorFile) {
        ObjectNode batch = Json.mapper().createObjectNode().put("id", id).put("object", "batch")
                .put("endpoint", "/v1/chat/completions").put("input_file_id", "file-in")
                .put("completion_window", "24h").put("status", status).put("created_at", 1764403200)
                .put("expires_at", EXPIRES.getEpochSecond()).put("output_file_id", outputFile)
                .put("error_file_id", errorFile);
        batch.putObject("request_counts").put("total", 3).put("completed", 2).put("failed", 1);
        return batch.toString();
    }

    @Override
    MappingBuilder submitEndpoint() {
        return post(urlPathEqualTo("/v1/files"));
    }

    @Override
    MappingBuilder pollEndpoint(String batchId) {
        return get(urlPathEqualTo("/v1/batches/" + batchId));
    }

    /** The lines of the uploaded file. */
    List<JsonNode> uploadedLines() {
        LoggedRequest upload = server.findAll(postRequestedFor(urlPathEqualTo("/v1/files"))).getFirst();
        String file = upload.getParts().stream().filter(part -> part.getName().equals("file")).findFirst()
                .orElseThrow().getBody().asString();
        List<JsonNode> lines = new ArrayList<>();
        file.lines().forEach(line -> lines.add(Json.mapper().readTree(line)));
        return lines;
    }

    @Override
    List<Map.Entry<String, JsonNode>> submittedItems() {
        return uploadedLines().stream().map(line -> Map.entry(line.path("custom_id").asString(), line.path("body")))
                .toList();
    }

    @Override
    void stubRunning(String batchId) {
        server.stubFor(pollEndpoint(batchId).willReturn(json(200, batch(batchId, "in_progress", null, null))));
    }

    @Override
    void stubEnded(String batchId, List<Answered> answered, List<Failed> failed) {
        stubFiles(batchId, "completed", answered, failed);
    }

    @Override
    void stubExpired(String batchId, List<Answered> answered, List<String> neverRun) {
        stubFiles(batchId, "expired", answered, neverRun.stream().map(id -> new Failed(id, true, "")).toList());
    }

    private void stubFiles(String batchId, String status, List<Answered> answered, List<Failed> failed) {
        server.stubFor(pollEndpoint(batchId).willReturn(json(200, batch(batchId, status, "file-out", "file-err"))));
        StringBuilder output = new StringBuilder();
        for (Answered answer : answered) {
            ObjectNode line = Json.mapper().createObjectNode().put("id", "batch_req_" + answer.customId().charAt(0))
                    .put("custom_id", answer.customId());
            line.putObject("response").put("status_code", 200).put("request_id", "req_1")
                    .set("body", Json.mapper().readTree(completion(answer)));
            line.putNull("error");
            output.append(line).append('\n');
        }
        StringBuilder errors = new StringBuilder();
        for (Failed failure : failed) {
            ObjectNode line = Json.mapper().createObjectNode().put("id", "batch_req_x")
                    .put("custom_id", failure.customId());
            if (failure.expired()) {
                line.putNull("response");
                line.putObject("error").put("code", "batch_expired")
                        .put("message", "This request could not be executed before the completion window expired.");
            } else {
                line.putObject("response").put("status_code", 400).put("request_id", "req_2")
                        .set("body", Json.mapper().readTree(errorBody(400, failure.message())));
                line.putNull("error");
            }
            errors.append(line).append('\n');
        }
        server.stubFor(get(urlPathEqualTo("/v1/files/file-out/content")).willReturn(jsonl(output.toString())));
        server.stubFor(get(urlPathEqualTo("/v1/files/file-err/content")).willReturn(jsonl(errors.toString())));
    }

    private static com.github.tomakehurst.wiremock.client.ResponseDefinitionBuilder jsonl(String body) {
        return com.github.tomakehurst.wiremock.client.WireMock.aResponse().withStatus(200)
                .withHeader("Content-Type", "application/octet-stream")
                .withBody(body.getBytes(StandardCharsets.UTF_8));
    }

    private String completion(Answered answer) {
        ObjectNode body = Json.mapper().createObjectNode().put("id", "chatcmpl-1").put("object", "chat.completion")
                .put("created", 1_764_400_000).put("model", model());
        body.putArray("choices").addObject().put("index", 0).put("finish_reason", "stop").putObject("message")
                .put("role", "assistant").put("content", answer.text());
        ObjectNode usage = body.putObject("usage").put("prompt_tokens", answer.inputTokens())
                .put("completion_tokens", answer.outputTokens())
                .put("total_tokens", answer.inputTokens() + answer.outputTokens());
        usage.putObject("prompt_tokens_details").put("cached_tokens", answer.cachedInputTokens());
        return body.toString();
    }

    @Override
    String endedStatus() {
        return "completed";
    }

    @Override
    String expiredStatus() {
        return "expired";
    }

    @Override
    MappingBuilder syncEndpoint() {
        return post(urlPathEqualTo("/v1/chat/completions"));
    }

    @Override
    String syncAnswer() {
        return completion(new Answered("x", "fine", 10, 0, 1));
    }

    @Override
    String errorBody(int status, String message) {
        return Json.mapper().createObjectNode().set("error", Json.mapper().createObjectNode()
                .put("message", message).put("type", "invalid_request_error")).toString();
    }

    @Test
    void uploads_the_requests_as_a_batch_file_and_starts_a_24_hour_batch_over_it() {
        stubSubmit("batch_1");

        api().submit(List.of(new BatchItem(id('a'), repairCall())));

        LoggedRequest upload = server.findAll(postRequestedFor(urlPathEqualTo("/v1/files"))).getFirst();
        assertThat(upload.getHeader("Authorization")).isEqualTo("Bearer " + KEY);
        assertThat(upload.getHeader("Content-Type")).startsWith("multipart/form-data; boundary=");
        assertThat(upload.getPart("purpose").getBody().asString()).isEqualTo("batch");
        JsonNode line = uploadedLines().getFirst();
        assertThat(line.path("method").asString()).isEqualTo("POST");
        assertThat(line.path("url").asString()).isEqualTo("/v1/chat/completions");
        server.verify(postRequestedFor(urlPathEqualTo("/v1/batches"))
                .withHeader("Authorization", equalTo("Bearer " + KEY))
                .withRequestBody(equalToJson("""
                        {"input_file_id":"file-in","endpoint":"/v1/chat/completions","completion_window":"24h"}""")));
    }

    @Test
    void a_batch_carries_our_local_id_in_its_metadata() {
        stubSubmit("batch_1");

        api().submit("po-local-1", List.of(new BatchItem(id('a'), repairCall())));

        server.verify(postRequestedFor(urlPathEqualTo("/v1/batches")).withRequestBody(equalToJson("""
                {"input_file_id":"file-in","endpoint":"/v1/chat/completions","completion_window":"24h",
                 "metadata":{"paperorchestra_batch":"po-local-1"}}""")));
    }

    @Test
    void finds_a_batch_by_its_local_id_paging_back_no_further_than_the_intent() {
        long intent = 1_764_403_200L;
        server.stubFor(get(urlPathEqualTo("/v1/batches")).withQueryParam("after", absent())
                .willReturn(json(200, page(true, listed("batch_9", intent + 60, "po-other"),
                        listed("batch_8", intent + 30, null)))));
        server.stubFor(get(urlPathEqualTo("/v1/batches")).withQueryParam("after", equalTo("batch_8"))
                .willReturn(json(200, page(true, listed("batch_7", intent + 5, "po-mine")))));

        var found = api().find("po-mine", java.time.Instant.ofEpochSecond(intent));

        assertThat(found).hasValueSatisfying(batch -> {
            assertThat(batch.batchId()).isEqualTo("batch_7");
            assertThat(batch.expiresAt()).isEqualTo(EXPIRES);
        });
        server.verify(getRequestedFor(urlPathEqualTo("/v1/batches")).withQueryParam("limit", equalTo("100")));

        server.stubFor(get(urlPathEqualTo("/v1/batches")).withQueryParam("after", equalTo("batch_7"))
                .willReturn(json(200, page(true, listed("batch_6", intent - 3_600, "po-gone")))));
        server.stubFor(get(urlPathEqualTo("/v1/batches")).withQueryParam("after", equalTo("batch_6"))
                .willReturn(json(200, page(false, listed("batch_5", intent - 7_200, "po-older")))));

        assertThat(api().find("po-older", java.time.Instant.ofEpochSecond(intent)))
                .as("a batch created well before the intent is not looked at").isEmpty();
        server.verify(0, getRequestedFor(urlPathEqualTo("/v1/batches")).withQueryParam("after", equalTo("batch_6")));
    }

    private static ObjectNode listed(String id, long createdAt, String localId) {
        ObjectNode batch = (ObjectNode) Json.mapper().readTree(batch(id, "in_progress", null, null));
        batch.put("created_at", createdAt);
        if (localId != null) {
            batch.putObject("metadata").put("paperorchestra_batch", localId);
        } else {
            batch.putNull("metadata");
        }
        return batch;
    }

    private static String page(boolean hasMore, ObjectNode... batches) {
        ObjectNode page = Json.mapper().createObjectNode().put("object", "list");
        page.putArray("data").addAll(List.of(batches));
        page.put("first_id", batches[0].path("id").asString())
                .put("last_id", batches[batches.length - 1].path("id").asString()).put("has_more", hasMore);
        return page.toString();
    }

    @Test
    void has_no_batch_api_for_a_binding_that_cannot_call() {
        var keyless = new RoleBinding(dev.paperorchestra.gateway.LlmRole.PLANNER, ProviderKind.ANTHROPIC,
                "claude-sonnet-4-5", dev.paperorchestra.gateway.anthropic.AnthropicAdapter.DEFAULT_BASE_URL, "", null);
        var offline = new RoleBinding(dev.paperorchestra.gateway.LlmRole.PLANNER, ProviderKind.OFFLINE, "none",
                "none", "", null);

        for (RoleBinding binding : List.of(keyless, offline)) {
            assertThat(BatchApis.forBinding(binding, java.time.Duration.ofSeconds(5), MAX_OUTPUT_TOKENS))
                    .as(binding.toString()).isEmpty();
        }
        assertThat(BatchApis.forBinding(binding(), java.time.Duration.ofSeconds(5), MAX_OUTPUT_TOKENS)).isPresent();
    }

    @Test
    void releasing_an_ended_batch_deletes_its_input_output_and_error_files_and_a_failed_delete_is_only_logged() {
        server.stubFor(pollEndpoint("batch_1").willReturn(json(200, batch("batch_1", "completed", "file-out",
                "file-err"))));
        server.stubFor(delete(urlPathEqualTo("/v1/files/file-in")).willReturn(json(200,
                "{\"id\":\"file-in\",\"object\":\"file\",\"deleted\":true}")));
        server.stubFor(delete(urlPathEqualTo("/v1/files/file-out")).willReturn(error(500, "try later")));
        server.stubFor(delete(urlPathEqualTo("/v1/files/file-err")).willReturn(json(200,
                "{\"id\":\"file-err\",\"object\":\"file\",\"deleted\":true}")));

        api().release("batch_1");

        for (String file : List.of("file-in", "file-out", "file-err")) {
            server.verify(deleteRequestedFor(urlPathEqualTo("/v1/files/" + file))
                    .withHeader("Authorization", equalTo("Bearer " + KEY)));
        }
    }

    @Test
    void a_batch_that_failed_validation_has_ended_with_nothing_answered_and_says_why() {
        ObjectNode failed = (ObjectNode) Json.mapper().readTree(batch("batch_1", "failed", null, null));
        failed.putObject("errors").put("object", "list").putArray("data").addObject().put("code", "invalid_json")
                .put("message", "The line is not valid JSON.").put("param", (String) null).put("line", 2);
        server.stubFor(pollEndpoint("batch_1").willReturn(json(200, failed.toString())));

        var poll = api().poll("batch_1", List.of(id('a')));

        assertThat(poll.ended()).isTrue();
        assertThat(poll.status()).isEqualTo("failed: line 2: The line is not valid JSON.");
        assertThat(poll.answers()).isEmpty();
        assertThat(poll.failures()).isEmpty();
    }
}
