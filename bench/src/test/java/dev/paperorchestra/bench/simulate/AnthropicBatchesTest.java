package dev.paperorchestra.bench.simulate;

import static org.assertj.core.api.Assertions.assertThat;

import dev.paperorchestra.bench.cost.BilledCall;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

// issue 42: the stand-in answers Anthropic's Message Batches API as Anthropic documents it
class AnthropicBatchesTest {

    private static final Duration HOUR = Duration.ofHours(1);
    private static final List<String> THREE = List.of("paper-1-review", "paper-2-review", "paper-3-review");

    @Test
    void a_batch_is_in_progress_until_its_delay_has_passed_then_its_results_answer_every_custom_id_with_usage()
            throws Exception {
        try (BatchStandIn stub = new BatchStandIn(new BatchSettings(HOUR, 0, false), 7)) {
            JsonNode created = stub.anthropicBatch(THREE);
            assertThat(created.path("type").asString()).isEqualTo("message_batch");
            assertThat(created.path("id").asString()).startsWith("msgbatch_");
            assertThat(created.path("processing_status").asString()).isEqualTo("in_progress");
            assertThat(created.at("/request_counts/processing").asInt()).isEqualTo(3);
            assertThat(created.path("results_url").isNull()).isTrue();
            assertThat(created.path("ended_at").isNull()).isTrue();
            String batch = "/messages/batches/" + created.path("id").asString();
            assertThat(stub.get(batch).json().path("processing_status").asString()).isEqualTo("in_progress");
            assertThat(stub.get(batch + "/results").status()).as("no results before the end").isEqualTo(400);
            assertThat(stub.server.billed()).isEmpty();

            stub.advance(HOUR);
            JsonNode ended = stub.get(batch).json();
            assertThat(ended.path("processing_status").asString()).isEqualTo("ended");
            assertThat(ended.at("/request_counts/succeeded").asInt()).isEqualTo(3);
            assertThat(ended.at("/request_counts/processing").asInt()).isZero();
            assertThat(ended.path("ended_at").asString()).isNotEmpty();
            String resultsUrl = ended.path("results_url").asString();
            assertThat(resultsUrl).isEqualTo(stub.server.baseUrl() + batch + "/results");

            List<JsonNode> results = stub.get(resultsUrl).lines();
            assertThat(results).extracting(line -> line.path("custom_id").asString()).containsExactlyElementsOf(THREE);
            assertThat(results).allSatisfy(line -> {
                assertThat(line.at("/result/type").asString()).isEqualTo("succeeded");
                assertThat(line.at("/result/message/type").asString()).isEqualTo("message");
                assertThat(line.at("/result/message/content/0/text").asString()).isNotEmpty();
            });
            // the system block is marked for caching: the first item writes it, the others read it
            assertThat(results).extracting(line -> line.at("/result/message/usage/cache_read_input_tokens").asLong())
                    .containsExactly(0L, 1425L, 1425L);
            assertThat(results.getFirst().at("/result/message/usage/cache_creation_input_tokens").asLong())
                    .isEqualTo(1425);
            assertThat(stub.server.billed()).hasSize(3).allMatch(BilledCall::batch);
        }
    }

    @Test
    void each_item_is_answered_and_billed_once_however_often_the_batch_is_polled_and_its_results_read()
            throws Exception {
        try (BatchStandIn stub = new BatchStandIn(new BatchSettings(HOUR, 0, false), 7)) {
            String batch = "/messages/batches/" + stub.anthropicBatch(THREE).path("id").asString();
            stub.advance(HOUR);
            for (int poll = 0; poll < 4; poll++) {
                assertThat(stub.get(stub.get(batch).json().path("results_url").asString()).lines()).hasSize(3);
            }

            assertThat(stub.server.ledger().answers()).isEqualTo(3);
            assertThat(stub.server.ledger().repeats()).isZero();
            assertThat(stub.server.billed()).hasSize(3);
            assertThat(stub.server.batches().answered()).isEqualTo(3);
        }
    }

    @Test
    void the_items_that_fail_on_purpose_come_back_errored_and_the_same_on_every_run() throws Exception {
        List<String> ids = IntStream.range(0, 20).mapToObj(i -> "item-" + i).toList();
        Set<String> firstRun = erroredIds(ids);
        assertThat(firstRun).isNotEmpty().hasSizeLessThan(ids.size());
        assertThat(erroredIds(ids)).isEqualTo(firstRun);
    }

    private static Set<String> erroredIds(List<String> ids) throws Exception {
        try (BatchStandIn stub = new BatchStandIn(new BatchSettings(Duration.ZERO, 0.3, false), 7)) {
            JsonNode ended = stub.get("/messages/batches/" + stub.anthropicBatch(ids).path("id").asString()).json();
            List<JsonNode> results = stub.get(ended.path("results_url").asString()).lines();
            assertThat(results).hasSize(ids.size());
            List<JsonNode> errored = results.stream()
                    .filter(line -> line.at("/result/type").asString().equals("errored")).toList();
            assertThat(errored).allSatisfy(line -> {
                assertThat(line.at("/result/error/type").asString()).isEqualTo("error");
                assertThat(line.at("/result/error/error/type").asString()).isEqualTo("api_error");
                assertThat(line.at("/result/error/error/message").asString()).isNotEmpty();
            });
            assertThat(ended.at("/request_counts/errored").asInt()).isEqualTo(errored.size());
            assertThat(ended.at("/request_counts/succeeded").asInt()).isEqualTo(ids.size() - errored.size());
            assertThat(stub.server.ledger().answers()).isEqualTo(ids.size() - errored.size());
            return errored.stream().map(line -> line.path("custom_id").asString()).collect(Collectors.toSet());
        }
    }

    @Test
    void an_expired_batch_ends_with_every_item_expired() throws Exception {
        try (BatchStandIn stub = new BatchStandIn(new BatchSettings(HOUR, 0, true), 7)) {
            String batch = "/messages/batches/" + stub.anthropicBatch(THREE).path("id").asString();
            stub.advance(HOUR);
            JsonNode ended = stub.get(batch).json();

            assertThat(ended.at("/request_counts/expired").asInt()).isEqualTo(3);
            assertThat(stub.get(ended.path("results_url").asString()).lines())
                    .allSatisfy(line -> assertThat(line.at("/result/type").asString()).isEqualTo("expired"));
            assertThat(stub.server.billed()).isEmpty();
        }
    }

    @Test
    void malformed_requests_and_unknown_ids_are_turned_away_with_anthropic_error_bodies() throws Exception {
        try (BatchStandIn stub = new BatchStandIn(new BatchSettings(HOUR, 0, false), 7)) {
            BatchStandIn.Reply badId = stub.post("/messages/batches", "{\"requests\":["
                    + BatchStandIn.anthropicRequest("has space") + "]}");
            assertThat(badId.status()).isEqualTo(400);
            assertThat(badId.json().path("type").asString()).isEqualTo("error");
            assertThat(badId.json().at("/error/type").asString()).isEqualTo("invalid_request_error");
            assertThat(badId.json().at("/error/message").asString()).contains("requests.0.custom_id");

            assertThat(stub.post("/messages/batches", "{\"requests\":[]}").status()).isEqualTo(400);
            assertThat(stub.post("/messages/batches", "not json").status()).isEqualTo(400);
            BatchStandIn.Reply unknown = stub.get("/messages/batches/msgbatch_none");
            assertThat(unknown.status()).isEqualTo(404);
            assertThat(unknown.json().at("/error/type").asString()).isEqualTo("not_found_error");
            assertThat(stub.get("/messages/batches/msgbatch_none/results").status()).isEqualTo(404);
            assertThat(stub.server.batches().accepted()).isZero();
        }
    }
}
