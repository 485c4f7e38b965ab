package dev.paperorchestra.bench.simulate;

import static org.assertj.core.api.Assertions.assertThat;

import dev.paperorchestra.bench.cost.BilledCall;
import dev.paperorchestra.bench.cost.RequestLog;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

// issue 42: the stand-in answers OpenAI's Batch API (with the Files API) as OpenAI documents it
class OpenAiBatchesTest {

    private static final Duration HOUR = Duration.ofHours(1);
    private static final List<String> THREE = List.of("paper-1-review", "paper-2-review", "paper-3-review");

    @Test
    void a_batch_is_in_progress_until_its_delay_has_passed_then_its_output_file_answers_every_custom_id_with_usage()
            throws Exception {
        try (BatchStandIn stub = new BatchStandIn(new BatchSettings(HOUR, 0, false), 7)) {
            JsonNode created = stub.openAiBatch(THREE);
            assertThat(created.path("object").asString()).isEqualTo("batch");
            assertThat(created.path("status").asString()).isEqualTo("validating");
            String id = created.path("id").asString();
            assertThat(id).startsWith("batch_");
            assertThat(created.path("expires_at").asLong() - created.path("created_at").asLong()).isEqualTo(86_400);

            JsonNode waiting = stub.get("/batches/" + id).json();
            assertThat(waiting.path("status").asString()).isEqualTo("in_progress");
            assertThat(waiting.path("output_file_id").isNull()).isTrue();
            assertThat(waiting.path("request_counts").path("total").asInt()).isEqualTo(3);
            assertThat(waiting.path("request_counts").path("completed").asInt()).isZero();
            assertThat(stub.server.billed()).as("nothing is answered before the batch ends").isEmpty();

            stub.advance(HOUR);
            JsonNode done = stub.get("/batches/" + id).json();
            assertThat(done.path("status").asString()).isEqualTo("completed");
            assertThat(done.path("request_counts").path("completed").asInt()).isEqualTo(3);
            assertThat(done.path("request_counts").path("failed").asInt()).isZero();
            assertThat(done.path("error_file_id").isNull()).as("no item failed").isTrue();

            List<JsonNode> output = stub.get("/files/" + done.path("output_file_id").asString() + "/content").lines();
            assertThat(output).extracting(line -> line.path("custom_id").asString()).containsExactlyElementsOf(THREE);
            assertThat(output).allSatisfy(line -> {
                assertThat(line.path("id").asString()).startsWith("batch_req_");
                assertThat(line.path("error").isNull()).isTrue();
                assertThat(line.path("response").path("status_code").asInt()).isEqualTo(200);
                assertThat(line.path("response").path("request_id").asString()).isNotEmpty();
                JsonNode body = line.path("response").path("body");
                assertThat(body.path("choices").path(0).path("message").path("content").asString()).isNotEmpty();
                assertThat(body.path("usage").path("prompt_tokens").asLong()).isGreaterThan(1024);
            });
            // the items share their first 1,408 tokens: the first writes the prefix, the others read it
            assertThat(output).extracting(line -> line.at("/response/body/usage/prompt_tokens_details/cached_tokens")
                    .asLong()).containsExactly(0L, 1408L, 1408L);
            assertThat(stub.server.billed()).hasSize(3).allMatch(BilledCall::batch);
        }
    }

    @Test
    void each_item_is_answered_billed_and_logged_once_however_often_the_batch_is_polled_and_its_output_read(
            @TempDir Path dir) throws Exception {
        Path logFile = dir.resolve("requests.jsonl");
        try (BatchStandIn stub = new BatchStandIn(new BatchSettings(HOUR, 0, false), 7);
                RequestLog log = new RequestLog(logFile)) {
            stub.server.logRequests(log);
            String id = stub.openAiBatch(THREE).path("id").asString();
            stub.advance(HOUR);
            String output = "";
            for (int poll = 0; poll < 4; poll++) {
                output = stub.get("/batches/" + id).json().path("output_file_id").asString();
                assertThat(stub.get("/files/" + output + "/content").lines()).hasSize(3);
            }

            assertThat(stub.server.ledger().answers()).isEqualTo(3);
            assertThat(stub.server.ledger().repeats()).isZero();
            assertThat(stub.server.billed()).hasSize(3);
            assertThat(stub.server.batches().answered()).isEqualTo(3);
            assertThat(stub.server.batches().accepted()).isEqualTo(1);
            assertThat(stub.server.synchronousAnswers()).isZero();
        }
        assertThat(Files.readAllLines(logFile)).hasSize(3);
    }

    @Test
    void an_item_answered_in_a_batch_and_again_synchronously_is_a_paid_call_made_twice() throws Exception {
        try (BatchStandIn stub = new BatchStandIn(new BatchSettings(Duration.ZERO, 0, false), 7)) {
            String id = stub.openAiBatch(List.of("only")).path("id").asString();
            assertThat(stub.get("/batches/" + id).json().path("status").asString()).isEqualTo("completed");
            String body = BatchStandIn.openAiLine("only");
            String request = body.substring(body.indexOf("\"body\":") + 7, body.length() - 1);

            assertThat(stub.post("/chat/completions", request).status()).isEqualTo(200);

            assertThat(stub.server.ledger().repeats()).isEqualTo(1);
            assertThat(stub.server.billed()).extracting(BilledCall::batch).containsExactly(true, false);
            assertThat(stub.server.synchronousAnswers()).isEqualTo(1);
        }
    }

    @Test
    void the_items_that_fail_on_purpose_are_in_the_error_file_and_the_same_on_every_run() throws Exception {
        List<String> ids = IntStream.range(0, 20).mapToObj(i -> "item-" + i).toList();
        Set<String> firstRun = failedIds(ids);
        assertThat(firstRun).isNotEmpty().hasSizeLessThan(ids.size());
        assertThat(failedIds(ids)).isEqualTo(firstRun);
    }

    /** Runs a batch of {@code ids} with a third failing; checks the files agree, and returns the failed ids. */
    private static Set<String> failedIds(List<String> ids) throws Exception {
        try (BatchStandIn stub = new BatchStandIn(new BatchSettings(Duration.ZERO, 0.3, false), 7)) {
            String id = stub.openAiBatch(ids).path("id").asString();
            JsonNode done = stub.get("/batches/" + id).json();
            assertThat(done.path("status").asString()).isEqualTo("completed");
            List<JsonNode> errors = stub.get("/files/" + done.path("error_file_id").asString() + "/content").lines();
            List<JsonNode> output = stub.get("/files/" + done.path("output_file_id").asString() + "/content")
                    .lines();
            assertThat(errors).allSatisfy(line -> {
                assertThat(line.at("/response/status_code").asInt()).isEqualTo(500);
                assertThat(line.at("/response/body/error/type").asString()).isEqualTo("server_error");
            });
            Set<String> failed = errors.stream().map(line -> line.path("custom_id").asString())
                    .collect(Collectors.toSet());
            Set<String> answered = output.stream().map(line -> line.path("custom_id").asString())
                    .collect(Collectors.toSet());
            assertThat(answered).doesNotContainAnyElementsOf(failed);
            assertThat(answered.size() + failed.size()).isEqualTo(ids.size());
            assertThat(done.at("/request_counts/failed").asInt()).isEqualTo(failed.size());
            assertThat(stub.server.batches().failed()).isEqualTo(failed.size());
            assertThat(stub.server.ledger().answers()).as("failed items are not billed").isEqualTo(answered.size());
            return failed;
        }
    }

    @Test
    void an_expired_batch_lists_every_item_in_its_error_file_as_batch_expired_and_bills_nothing() throws Exception {
        try (BatchStandIn stub = new BatchStandIn(new BatchSettings(HOUR, 0, true), 7)) {
            JsonNode created = stub.openAiBatch(THREE);
            stub.advance(HOUR);
            JsonNode done = stub.get("/batches/" + created.path("id").asString()).json();

            assertThat(done.path("status").asString()).isEqualTo("expired");
            assertThat(done.path("expired_at").asLong()).isPositive();
            assertThat(done.path("output_file_id").isNull()).isTrue();
            assertThat(stub.get("/files/" + done.path("error_file_id").asString() + "/content").lines())
                    .hasSize(3).allSatisfy(line -> {
                        assertThat(line.path("response").isNull()).isTrue();
                        assertThat(line.at("/error/code").asString()).isEqualTo("batch_expired");
                    });
            assertThat(stub.server.billed()).isEmpty();
            assertThat(stub.server.batches().expired()).isEqualTo(3);
        }
    }

    @Test
    void malformed_input_and_unknown_ids_are_turned_away_with_openai_error_bodies() throws Exception {
        try (BatchStandIn stub = new BatchStandIn(new BatchSettings(HOUR, 0, false), 7)) {
            BatchStandIn.Reply badLine = stub.upload("bad.jsonl", BatchStandIn.openAiLine("a") + "\n{not json\n");
            assertThat(badLine.status()).isEqualTo(400);
            assertThat(badLine.json().at("/error/message").asString()).contains("line 2 of bad.jsonl");
            assertThat(badLine.json().at("/error/type").asString()).isEqualTo("invalid_request_error");

            BatchStandIn.Reply twice = stub.upload("twice.jsonl", BatchStandIn.openAiLine("a") + "\n"
                    + BatchStandIn.openAiLine("a"));
            assertThat(twice.status()).isEqualTo(400);
            assertThat(twice.json().at("/error/message").asString()).contains("repeats the custom_id 'a'");

            BatchStandIn.Reply unknownFile = stub.post("/batches", "{\"input_file_id\":\"file-none\","
                    + "\"endpoint\":\"/v1/chat/completions\",\"completion_window\":\"24h\"}");
            assertThat(unknownFile.status()).isEqualTo(404);
            assertThat(unknownFile.json().at("/error/message").asString()).contains("file-none");

            assertThat(stub.get("/files/file-none/content").status()).isEqualTo(404);
            BatchStandIn.Reply unknownBatch = stub.get("/batches/batch_none");
            assertThat(unknownBatch.status()).isEqualTo(404);
            assertThat(unknownBatch.json().at("/error/message").asString()).contains("batch_none");
            assertThat(stub.post("/batches", "{oops").status()).isEqualTo(400);
            assertThat(stub.server.batches().accepted()).isZero();
        }
    }
    @Test
    void a_batch_keeps_its_metadata_and_the_list_gives_the_newest_first_a_page_at_a_time() throws Exception {
        try (BatchStandIn stub = new BatchStandIn(new BatchSettings(HOUR, 0, false), 7)) {
            String first = stub.openAiBatch(THREE).path("id").asString();
            String input = stub.upload("tagged.jsonl", BatchStandIn.openAiLine("paper-9-review")).json().path("id")
                    .asString();
            JsonNode tagged = stub.post("/batches", "{\"input_file_id\":\"" + input + "\",\"endpoint\":"
                    + "\"/v1/chat/completions\",\"completion_window\":\"24h\","
                    + "\"metadata\":{\"paperorchestra_batch\":\"po-local-1\"}}").json();
            String third = stub.openAiBatch(THREE).path("id").asString();
            assertThat(tagged.path("metadata").path("paperorchestra_batch").asString()).isEqualTo("po-local-1");
            assertThat(stub.get("/batches/" + tagged.path("id").asString()).json().path("metadata")
                    .path("paperorchestra_batch").asString()).isEqualTo("po-local-1");

            JsonNode page = stub.get("/batches?limit=2").json();
            assertThat(page.path("object").asString()).isEqualTo("list");
            assertThat(page.path("data").values()).extracting(batch -> batch.path("id").asString())
                    .containsExactly(third, tagged.path("id").asString());
            assertThat(page.path("has_more").asBoolean()).isTrue();
            assertThat(page.path("last_id").asString()).isEqualTo(tagged.path("id").asString());
            JsonNode rest = stub.get("/batches?limit=2&after=" + page.path("last_id").asString()).json();
            assertThat(rest.path("data").values()).extracting(batch -> batch.path("id").asString())
                    .containsExactly(first);
            assertThat(rest.path("has_more").asBoolean()).isFalse();
            assertThat(rest.path("data").path(0).path("metadata").isNull()).isTrue();

            BatchStandIn.Reply tooLong = stub.post("/batches", "{\"input_file_id\":\"" + input + "\",\"endpoint\":"
                    + "\"/v1/chat/completions\",\"completion_window\":\"24h\",\"metadata\":{\"k\":\""
                    + "v".repeat(513) + "\"}}");
            assertThat(tooLong.status()).isEqualTo(400);
            assertThat(tooLong.json().path("error").path("param").asString()).isEqualTo("metadata");
            assertThat(stub.get("/batches?limit=101").status()).isEqualTo(400);
        }
    }
}
