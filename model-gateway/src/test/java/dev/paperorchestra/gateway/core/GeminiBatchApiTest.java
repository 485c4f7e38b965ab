package dev.paperorchestra.gateway.core;

import static com.github.tomakehurst.wiremock.client.WireMock.equalTo;
import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.getRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.postRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static org.assertj.core.api.Assertions.assertThat;

import com.github.tomakehurst.wiremock.client.MappingBuilder;
import com.github.tomakehurst.wiremock.client.WireMock;
import dev.paperorchestra.base.json.Json;
import dev.paperorchestra.gateway.LlmProperties.ProviderKind;
import dev.paperorchestra.gateway.batch.BatchItem;
import dev.paperorchestra.gateway.batch.BatchPoll;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Gemini's batch mode: inline {@code GenerateContentRequest}s keyed by {@code metadata.key}, a long-running
 * operation named {@code batches/{id}}, and answers inline (in request order, the key not always with them) or in a
 * responses file.
 */
class GeminiBatchApiTest extends BatchApiContractTest {

    @Override
    ProviderKind kind() {
        return ProviderKind.GEMINI;
    }

    @Override
    String batchId(String stubbed) {
        return "batches/" + stubbed;
    }

    /** The operation carries no end of a completion window. */
    @Override
    @Nullable Instant expiresAt() {
        return null;
    }

    @Override
    boolean namesModelInBody() {
        return false;
    }

    @Override
    MappingBuilder submitEndpoint() {
        return post(urlPathEqualTo("/v1/models/" + model() + ":batchGenerateContent"));
    }

    @Override
    MappingBuilder pollEndpoint(String batchId) {
        return get(urlPathEqualTo("/v1/batches/" + batchId));
    }

    @Override
    void stubSubmit(String batchId) {
        server.stubFor(submitEndpoint().willReturn(json(200, operation(batchId, "BATCH_STATE_PENDING", null)
                .toString())));
    }

    /** The operation as {@code batches.get} and {@code batchGenerateContent} return it. */
    ObjectNode operation(String batchId, String state, @Nullable ObjectNode response) {
        ObjectNode operation = Json.mapper().createObjectNode().put("name", "batches/" + batchId);
        operation.putObject("metadata")
                .put("@type", "type.googleapis.com/google.ai.generativelanguage.v1beta.GenerateContentBatch")
                .put("model", "models/" + model()).put("displayName", "test").put("name", "batches/" + batchId)
                .put("createTime", "2026-11-29T08:00:00Z").put("state", state);
        if (response != null) {
            operation.put("done", true).set("response", response);
        }
        return operation;
    }

    /** The requests the submit sent, as the stub received them. */
    JsonNode sentBatch() {
        return Json.mapper().readTree(server.findAll(postRequestedFor(urlPathEqualTo("/v1/models/" + model()
                + ":batchGenerateContent"))).getFirst().getBodyAsString());
    }

    @Override
    List<Map.Entry<String, JsonNode>> submittedItems() {
        List<Map.Entry<String, JsonNode>> items = new ArrayList<>();
        for (JsonNode request : sentBatch().path("batch").path("inputConfig").path("requests").path("requests")
                .values()) {
            items.add(Map.entry(request.path("metadata").path("key").asString(), request.path("request")));
        }
        return items;
    }

    @Override
    void stubRunning(String batchId) {
        server.stubFor(pollEndpoint(batchId).willReturn(json(200, operation(batchId, "BATCH_STATE_RUNNING", null)
                .toString())));
    }

    @Override
    void stubEnded(String batchId, List<Answered> answered, List<Failed> failed) {
        ObjectNode output = output();
        ArrayNode lines = output.putObject("inlinedResponses").putArray("inlinedResponses");
        answered.forEach(answer -> inlined(lines, answer, true));
        failed.forEach(failure -> inlinedError(lines, failure, true));
        server.stubFor(pollEndpoint(batchId).willReturn(json(200, operation(batchId, "BATCH_STATE_SUCCEEDED",
                output).toString())));
    }

    @Override
    void stubExpired(String batchId, List<Answered> answered, List<String> neverRun) {
        ObjectNode output = output();
        ArrayNode lines = output.putObject("inlinedResponses").putArray("inlinedResponses");
        answered.forEach(answer -> inlined(lines, answer, true));
        server.stubFor(pollEndpoint(batchId).willReturn(json(200, operation(batchId, "BATCH_STATE_EXPIRED",
                output).toString())));
    }

    static ObjectNode output() {
        return Json.mapper().createObjectNode()
                .put("@type", "type.googleapis.com/google.ai.generativelanguage.v1beta.GenerateContentBatchOutput");
    }

    void inlined(ArrayNode lines, Answered answer, boolean keyed) {
        ObjectNode line = lines.addObject();
        line.set("response", Json.mapper().readTree(generated(answer)));
        if (keyed) {
            line.putObject("metadata").put("key", answer.customId());
        }
    }

    static void inlinedError(ArrayNode lines, Failed failure, boolean keyed) {
        ObjectNode line = lines.addObject();
        line.putObject("error").put("code", 400).put("message", failure.message());
        if (keyed) {
            line.putObject("metadata").put("key", failure.customId());
        }
    }

    /** A {@code GenerateContentResponse}, the body {@code generateContent} answers with. */
    String generated(Answered answer) {
        ObjectNode body = Json.mapper().createObjectNode();
        ObjectNode candidate = body.putArray("candidates").addObject();
        candidate.putObject("content").put("role", "model").putArray("parts").addObject().put("text", answer.text());
        candidate.put("finishReason", "STOP").put("index", 0);
        body.putObject("usageMetadata").put("promptTokenCount", answer.inputTokens())
                .put("cachedContentTokenCount", answer.cachedInputTokens())
                .put("candidatesTokenCount", answer.outputTokens())
                .put("totalTokenCount", answer.inputTokens() + answer.outputTokens());
        body.put("modelVersion", model()).put("responseId", "resp-" + answer.customId().charAt(0));
        return body.toString();
    }

    @Override
    String endedStatus() {
        return "BATCH_STATE_SUCCEEDED";
    }

    @Override
    String expiredStatus() {
        return "BATCH_STATE_EXPIRED";
    }

    @Override
    MappingBuilder syncEndpoint() {
        return post(urlPathEqualTo("/v1/models/" + model() + ":generateContent"));
    }

    @Override
    String syncAnswer() {
        return generated(new Answered(id('x'), "fine", 10, 0, 1));
    }

    @Override
    String errorBody(int status, String message) {
        ObjectNode body = Json.mapper().createObjectNode();
        body.putObject("error").put("code", status).put("message", message)
                .put("status", status == 429 ? "RESOURCE_EXHAUSTED" : "INVALID_ARGUMENT");
        return body.toString();
    }

    @Test
    void a_batch_is_named_by_our_local_id_and_found_again_by_it_on_any_page_of_the_list() {
        stubSubmit("batch_1");
        api().submit("po-local-1", List.of(new BatchItem(id('a'), repairCall())));
        assertThat(sentBatch().path("batch").path("displayName").asString()).isEqualTo("po-local-1");

        ObjectNode first = Json.mapper().createObjectNode().put("nextPageToken", "page-2");
        first.putArray("operations").add(listed("batch_9", "po-other", "2026-11-29T08:05:00Z"))
                .add(listed("batch_8", "po-local-1", "2026-11-28T08:00:00Z"));
        ObjectNode second = Json.mapper().createObjectNode();
        second.putArray("operations").add(listed("batch_7", "po-local-1", "2026-11-29T08:01:00Z"));
        server.stubFor(get(urlPathEqualTo("/v1/batches")).withQueryParam("pageToken", WireMock.absent())
                .willReturn(json(200, first.toString())));
        server.stubFor(get(urlPathEqualTo("/v1/batches")).withQueryParam("pageToken", equalTo("page-2"))
                .willReturn(json(200, second.toString())));

        Instant intent = Instant.parse("2026-11-29T08:00:00Z");
        assertThat(api().find("po-local-1", intent)).as("the same name a day before is another batch")
                .hasValueSatisfying(batch -> assertThat(batch.batchId()).isEqualTo("batches/batch_7"));
        assertThat(api().find("po-local-2", intent)).isEmpty();
        server.verify(getRequestedFor(urlPathEqualTo("/v1/batches")).withQueryParam("pageSize", equalTo("100"))
                .withHeader("x-goog-api-key", equalTo(KEY)));
    }

    private ObjectNode listed(String batchId, String displayName, String createTime) {
        ObjectNode operation = operation(batchId, "BATCH_STATE_RUNNING", null);
        ((ObjectNode) operation.path("metadata")).put("displayName", displayName).put("createTime", createTime);
        return operation;
    }

    @Test
    void sends_the_requests_inline_under_a_display_name_with_each_custom_id_as_its_metadata_key() {
        stubSubmit("batch_1");

        api().submit(List.of(new BatchItem(id('a'), repairCall()), new BatchItem(id('b'), richCall())));

        server.verify(postRequestedFor(urlPathEqualTo("/v1/models/" + model() + ":batchGenerateContent"))
                .withHeader("x-goog-api-key", equalTo(KEY)).withHeader("Content-Type", equalTo("application/json")));
        JsonNode batch = sentBatch().path("batch");
        assertThat(batch.path("displayName").asString()).isNotBlank();
        JsonNode requests = batch.path("inputConfig").path("requests").path("requests");
        assertThat(requests).hasSize(2);
        assertThat(requests.path(0).path("metadata").path("key").asString()).isEqualTo(id('a'));
        assertThat(requests.path(0).path("request").path("contents")).isNotEmpty();
        assertThat(requests.path(1).path("request").path("systemInstruction").toString())
                .contains("You write papers.");
    }

    @Test
    void answers_without_their_key_are_filed_by_position_in_the_submitted_order() {
        ObjectNode output = output();
        ArrayNode lines = output.putObject("inlinedResponses").putArray("inlinedResponses");
        inlined(lines, new Answered(id('a'), "first", 100, 0, 5), false);
        inlinedError(lines, new Failed(id('b'), false, "Request contains an invalid argument."), false);
        inlined(lines, new Answered(id('c'), "third", 300, 200, 7), false);
        server.stubFor(pollEndpoint("batch_1").willReturn(json(200, operation("batch_1", "BATCH_STATE_SUCCEEDED",
                output).toString())));

        BatchPoll poll = api().poll("batches/batch_1", List.of(id('c'), id('a'), id('b')));

        assertThat(poll.answers()).containsOnlyKeys(id('c'), id('b'));
        assertThat(poll.answers().get(id('c')).text()).isEqualTo("first");
        assertThat(poll.answers().get(id('b')).text()).isEqualTo("third");
        assertThat(poll.answers().get(id('b')).cachedInputTokens()).isEqualTo(200);
        assertThat(poll.failures()).containsOnlyKeys(id('a'));
        assertThat(poll.failures().get(id('a'))).contains("invalid argument");
    }

    @Test
    void an_answer_without_a_key_is_not_guessed_when_the_counts_differ() {
        ObjectNode output = output();
        ArrayNode lines = output.putObject("inlinedResponses").putArray("inlinedResponses");
        inlined(lines, new Answered(id('a'), "keyed", 100, 0, 5), true);
        inlined(lines, new Answered(id('b'), "whose?", 100, 0, 5), false);
        server.stubFor(pollEndpoint("batch_1").willReturn(json(200, operation("batch_1", "BATCH_STATE_SUCCEEDED",
                output).toString())));

        BatchPoll poll = api().poll("batches/batch_1", List.of(id('a'), id('b'), id('c')));

        assertThat(poll.answers()).containsOnlyKeys(id('a'));
        assertThat(poll.failures()).containsOnlyKeys(id('b'), id('c'));
    }

    @Test
    void a_failed_batch_ends_with_every_item_failed_and_says_why() {
        ObjectNode failed = operation("batch_1", "BATCH_STATE_FAILED", null).put("done", true);
        failed.putObject("error").put("code", 3).put("message", "The batch input is invalid.");
        server.stubFor(pollEndpoint("batch_1").willReturn(json(200, failed.toString())));

        BatchPoll poll = api().poll("batches/batch_1", List.of(id('a'), id('b')));

        assertThat(poll.ended()).isTrue();
        assertThat(poll.status()).isEqualTo("BATCH_STATE_FAILED: The batch input is invalid.");
        assertThat(poll.answers()).isEmpty();
        assertThat(poll.failures()).containsOnlyKeys(id('a'), id('b'));
        assertThat(poll.failures().get(id('a'))).startsWith("failed");
    }

    @Test
    void reads_the_answers_from_a_responses_file_through_the_download_endpoint() {
        ObjectNode output = output().put("responsesFile", "files/batch-out-1");
        server.stubFor(pollEndpoint("batch_1").willReturn(json(200, operation("batch_1", "BATCH_STATE_SUCCEEDED",
                output).toString())));
        ObjectNode answered = Json.mapper().createObjectNode().put("key", id('b'));
        answered.set("response", Json.mapper().readTree(generated(new Answered(id('b'), "from the file", 50, 0,
                3))));
        ObjectNode refused = Json.mapper().createObjectNode().put("key", id('a'));
        refused.putObject("error").put("code", 400).put("message", "too long");
        server.stubFor(get(urlPathEqualTo("/download/v1/files/batch-out-1:download"))
                .willReturn(WireMock.aResponse().withStatus(200).withBody(refused + "\n" + answered + "\n")));

        BatchPoll poll = api().poll("batches/batch_1", List.of(id('a'), id('b')));

        server.verify(getRequestedFor(urlPathEqualTo("/download/v1/files/batch-out-1:download"))
                .withQueryParam("alt", equalTo("media")).withHeader("x-goog-api-key", equalTo(KEY)));
        assertThat(poll.answers()).containsOnlyKeys(id('b'));
        assertThat(poll.answers().get(id('b')).text()).isEqualTo("from the file");
        assertThat(poll.answers().get(id('b')).inputTokens()).isEqualTo(50);
        assertThat(poll.failures().get(id('a'))).contains("too long");
    }
}
