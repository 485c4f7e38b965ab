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
import com.github.tomakehurst.wiremock.verification.LoggedRequest;
import dev.paperorchestra.base.json.Json;
import dev.paperorchestra.gateway.LlmProperties.ProviderKind;
import dev.paperorchestra.gateway.batch.BatchItem;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/** Anthropic's Message Batches API: one create request, a status to poll, a results file. */
class AnthropicBatchApiTest extends BatchApiContractTest {

    @Override
    ProviderKind kind() {
        return ProviderKind.ANTHROPIC;
    }

    @Override
    void stubSubmit(String batchId) {
        server.stubFor(submitEndpoint().willReturn(json(200, batch(batchId, "in_progress", null))));
    }

    String batch(String id, String status, String resultsUrl) {
        ObjectNode batch = Json.mapper().createObjectNode().put("id", id).put("type", "message_batch")
                .put("processing_status", status).put("created_at", "2026-11-29T08:00:00.000000Z")
                .put("expires_at", EXPIRES.toString()).put("results_url", resultsUrl);
        batch.putNull("ended_at");
        batch.putNull("cancel_initiated_at");
        batch.putNull("archived_at");
        batch.putObject("request_counts").put("processing", 0).put("succeeded", 2).put("errored", 1)
                .put("canceled", 0).put("expired", 0);
        return batch.toString();
    }

    @Override
    MappingBuilder submitEndpoint() {
        return post(urlPathEqualTo("/v1/messages/batches"));
    }

    @Override
    MappingBuilder pollEndpoint(String batchId) {
        return get(urlPathEqualTo("/v1/messages/batches/" + batchId));
    }

    JsonNode created() {
        LoggedRequest create = server.findAll(postRequestedFor(urlPathEqualTo("/v1/messages/batches"))).getFirst();
        return Json.mapper().readTree(create.getBodyAsString());
    }

    @Override
    List<Map.Entry<String, JsonNode>> submittedItems() {
        List<Map.Entry<String, JsonNode>> items = new ArrayList<>();
        created().path("requests").values().forEach(request -> items.add(Map.entry(
                request.path("custom_id").asString(), request.path("params"))));
        return items;
    }

    @Override
    void stubRunning(String batchId) {
        server.stubFor(pollEndpoint(batchId).willReturn(json(200, batch(batchId, "in_progress", null))));
    }

    @Override
    void stubEnded(String batchId, List<Answered> answered, List<Failed> failed) {
        String resultsUrl = server.baseUrl() + "/v1/messages/batches/" + batchId + "/results";
        server.stubFor(pollEndpoint(batchId).willReturn(json(200, batch(batchId, "ended", resultsUrl))));
        StringBuilder results = new StringBuilder();
        for (Answered answer : answered) {
            ObjectNode line = Json.mapper().createObjectNode().put("custom_id", answer.customId());
            line.putObject("result").put("type", "succeeded").set("message", Json.mapper().readTree(message(answer)));
            results.append(line).append('\n');
        }
        for (Failed failure : failed) {
            ObjectNode line = Json.mapper().createObjectNode().put("custom_id", failure.customId());
            ObjectNode result = line.putObject("result").put("type", failure.expired() ? "expired" : "errored");
            if (!failure.expired()) {
                result.set("error", Json.mapper().readTree(errorBody(400, failure.message())));
            }
            results.append(line).append('\n');
        }
        server.stubFor(get(urlPathEqualTo("/v1/messages/batches/" + batchId + "/results"))
                .willReturn(WireMock.aResponse().withStatus(200).withHeader("Content-Type", "application/binary")
                        .withBody(results.toString())));
    }

    @Override
    void stubExpired(String batchId, List<Answered> answered, List<String> neverRun) {
        stubEnded(batchId, answered, neverRun.stream().map(id -> new Failed(id, true, "")).toList());
    }

    /** A message whose input splits into fresh, cache-written (50) and cache-read tokens, as Anthropic reports. */
    private String message(Answered answer) {
        ObjectNode body = Json.mapper().createObjectNode().put("id", "msg_1").put("type", "message")
                .put("role", "assistant").put("model", model()).put("stop_reason", "end_turn");
        body.putArray("content").addObject().put("type", "text").put("text", answer.text());
        long written = answer.cachedInputTokens() > 0 ? 50 : 0;
        body.putObject("usage").put("input_tokens", answer.inputTokens() - answer.cachedInputTokens() - written)
                .put("cache_creation_input_tokens", written)
                .put("cache_read_input_tokens", answer.cachedInputTokens())
                .put("output_tokens", answer.outputTokens());
        return body.toString();
    }

    @Override
    String endedStatus() {
        return "ended";
    }

    @Override
    String expiredStatus() {
        return "ended";
    }

    @Override
    MappingBuilder syncEndpoint() {
        return post(urlPathEqualTo("/v1/messages"));
    }

    @Override
    String syncAnswer() {
        return message(new Answered("x", "fine", 10, 0, 1));
    }

    @Override
    String errorBody(int status, String message) {
        ObjectNode body = Json.mapper().createObjectNode().put("type", "error");
        body.putObject("error").put("type", status == 401 ? "authentication_error" : "invalid_request_error")
                .put("message", message);
        return body.toString();
    }

    @Test
    void sends_the_key_and_api_version_and_reads_the_results_with_them() {
        stubSubmit("msgbatch_1");
        api().submit(List.of(new BatchItem(id('a'), repairCall())));
        stubEnded("msgbatch_1", List.of(new Answered(id('a'), "accept", 10, 0, 1)), List.of());

        api().poll("msgbatch_1", List.of(id('a')));

        server.verify(postRequestedFor(urlPathEqualTo("/v1/messages/batches")).withHeader("x-api-key", equalTo(KEY))
                .withHeader("anthropic-version", equalTo("2023-06-01"))
                .withHeader("Content-Type", equalTo("application/json")));
        server.verify(getRequestedFor(urlPathEqualTo("/v1/messages/batches/msgbatch_1/results"))
                .withHeader("x-api-key", equalTo(KEY)).withHeader("anthropic-version", equalTo("2023-06-01")));
        assertThat(submittedItems().getFirst().getValue().path("max_tokens").asInt()).isEqualTo(300);
    }

    @Test
    void marks_the_system_prompt_and_the_ends_of_the_stable_blocks_for_the_cache_four_times_at_most() {
        stubSubmit("msgbatch_1");

        api().submit(List.of(new BatchItem(id('a'), richCall())));

        JsonNode params = submittedItems().getFirst().getValue();
        List<String> marked = new ArrayList<>();
        params.path("system").values().forEach(block -> {
            if (block.path("cache_control").path("type").asString().equals("ephemeral")) {
                marked.add("system");
            }
        });
        List<String> unmarked = new ArrayList<>();
        for (JsonNode message : params.path("messages").values()) {
            for (JsonNode block : message.path("content").values()) {
                if (!block.path("type").asString().equals("text")) {
                    continue;
                }
                if (block.path("cache_control").path("type").asString().equals("ephemeral")) {
                    marked.add(block.path("text").asString());
                } else {
                    unmarked.add(block.path("text").asString());
                }
            }
        }
        assertThat(marked).containsExactly("system", "RULES\n\nIDEA\n\nLOG", "OUTLINE", "CITATIONS");
        assertThat(unmarked).containsExactly("Write the method section.");
        assertThat(params.toString().split("\"cache_control\"", -1)).hasSize(5);
    }

    @Test
    void joins_the_text_blocks_of_an_answer_as_the_synchronous_path_does_and_skips_the_others() {
        String resultsUrl = server.baseUrl() + "/v1/messages/batches/msgbatch_1/results";
        server.stubFor(pollEndpoint("msgbatch_1").willReturn(json(200, batch("msgbatch_1", "ended", resultsUrl))));
        ObjectNode message = (ObjectNode) Json.mapper().readTree(message(new Answered(id('a'), "first", 10, 0, 3)));
        message.withArray("content").insertObject(0).put("type", "thinking").put("thinking", "hidden");
        message.withArray("content").addObject().put("type", "text").put("text", "second");
        ObjectNode line = Json.mapper().createObjectNode().put("custom_id", id('a'));
        line.putObject("result").put("type", "succeeded").set("message", message);
        server.stubFor(get(urlPathEqualTo("/v1/messages/batches/msgbatch_1/results"))
                .willReturn(WireMock.aResponse().withStatus(200).withBody(line + "\n")));

        assertThat(api().poll("msgbatch_1", List.of(id('a'))).answers().get(id('a')).text())
                .isEqualTo("first\nsecond");
    }

    @Test
    void a_results_lines_cache_writes_reach_the_answer_apart_from_its_reads() {
        stubEnded("msgbatch_1", List.of(new Answered(id('a'), "written", 1_000, 300, 20)), List.of());

        var answer = api().poll("msgbatch_1", List.of(id('a'))).answers().get(id('a'));

        assertThat(answer.inputTokens()).as("fresh, written and read input, all billed").isEqualTo(1_000);
        assertThat(answer.cachedInputTokens()).isEqualTo(300);
        assertThat(answer.cacheWriteInputTokens()).as("the line's cache_creation_input_tokens").isEqualTo(50);
    }

    @Test
    void a_results_line_that_is_not_json_loses_only_its_own_item() {
        String resultsUrl = server.baseUrl() + "/v1/messages/batches/msgbatch_1/results";
        server.stubFor(pollEndpoint("msgbatch_1").willReturn(json(200, batch("msgbatch_1", "ended", resultsUrl))));
        ObjectNode line = Json.mapper().createObjectNode().put("custom_id", id('a'));
        line.putObject("result").put("type", "succeeded")
                .set("message", Json.mapper().readTree(message(new Answered(id('a'), "kept", 10, 0, 3))));
        server.stubFor(get(urlPathEqualTo("/v1/messages/batches/msgbatch_1/results"))
                .willReturn(WireMock.aResponse().withStatus(200).withBody("{\"custom_id\":\"" + id('b')
                        + "\",\"result\":{\"type\":\"succ\n" + line + "\n")));

        var poll = api().poll("msgbatch_1", List.of(id('a')));

        assertThat(poll.answers()).containsOnlyKeys(id('a'));
        assertThat(poll.failures()).isEmpty();
    }
}
