package dev.paperorchestra.bench.simulate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SimulatedProvidersTest {

    private static final Path EXAMPLES = Path.of("..", "examples");
    private final HttpClient http = HttpClient.newHttpClient();

    @Test
    void serves_the_scholarly_stub_for_generated_materials_until_closed(@TempDir Path materials) throws Exception {
        URI search;
        try (SimulatedProviders providers = SimulatedProviders.start(EXAMPLES, materials, 1, 1000)) {
            assertThat(providers.papers()).hasSize(1).allSatisfy((id, directory) -> {
                assertThat(directory).startsWith(materials);
                assertThat(Files.isRegularFile(directory.resolve("idea.md"))).isTrue();
            });
            assertThat(providers.modelBaseUrl()).startsWith("http://127.0.0.1:").endsWith("/v1");
            search = URI.create(providers.scholarBaseUrl() + "/graph/v1/paper/search?query=depth");
            HttpResponse<String> answer = http.send(HttpRequest.newBuilder(search).build(),
                    HttpResponse.BodyHandlers.ofString());
            assertThat(answer.statusCode()).isEqualTo(200);
            assertThat(answer.body()).contains("\"data\"");
        }
        assertThatThrownBy(() -> http.send(HttpRequest.newBuilder(search).build(), HttpResponse.BodyHandlers.ofString()))
                .isInstanceOf(IOException.class);
    }

    @Test
    void counts_a_look_up_answered_twice_as_a_repeat_and_a_429_as_throttled(@TempDir Path materials) throws Exception {
        try (SimulatedProviders providers = SimulatedProviders.start(EXAMPLES, materials, 1, 1)) {
            URI depth = URI.create(providers.scholarBaseUrl() + "/graph/v1/paper/search?query=depth");
            URI other = URI.create(providers.scholarBaseUrl() + "/graph/v1/paper/search?query=optimizer");

            assertThat(get(depth)).isEqualTo(200);
            assertThat(get(other)).as("sent inside the 1 s spacing").isEqualTo(429);
            // every arrival restarts the spacing, a 429 too: ask less often than once a second
            await().atMost(Duration.ofSeconds(10)).pollInterval(Duration.ofMillis(1200)).until(() -> get(other) == 200);
            await().atMost(Duration.ofSeconds(10)).pollInterval(Duration.ofMillis(1200)).until(() -> get(depth) == 200);

            StubCounts counts = providers.counts();
            assertThat(counts.s2Repeats()).as("depth answered twice").isEqualTo(1);
            assertThat(counts.s2Throttled()).isPositive();
            assertThat(counts.s2Requests()).isEqualTo(counts.s2Throttled() + 3);
        }
    }

    @Test
    void a_held_model_call_is_answered_on_release_and_turned_away_uncounted_when_abandoned(@TempDir Path materials)
            throws Exception {
        try (SimulatedProviders providers = SimulatedProviders.start(EXAMPLES, materials, 1, 1000)) {
            providers.modelGate().hold();
            CompletableFuture<HttpResponse<String>> abandoned = chat(providers, "first");
            await().atMost(Duration.ofSeconds(10)).until(() -> providers.counts().modelHeld() == 1);
            providers.modelGate().abandonHeld();
            assertThat(abandoned).succeedsWithin(Duration.ofSeconds(10)).extracting(HttpResponse::statusCode)
                    .isEqualTo(503);
            assertThat(providers.counts().modelAnswers()).isZero();

            providers.modelGate().hold();
            CompletableFuture<HttpResponse<String>> held = chat(providers, "second");
            await().atMost(Duration.ofSeconds(10)).until(() -> providers.counts().modelHeld() == 1);
            assertThat(held).isNotDone();
            providers.modelGate().release();
            assertThat(held).succeedsWithin(Duration.ofSeconds(10)).extracting(HttpResponse::statusCode)
                    .isEqualTo(200);
            assertThat(chat(providers, "second")).succeedsWithin(Duration.ofSeconds(10));

            StubCounts counts = providers.counts();
            assertThat(counts.modelAnswers()).isEqualTo(2);
            assertThat(counts.modelRepeats()).as("the same body answered twice").isEqualTo(1);
            // the server counts a call out after its last byte is written, which can be just after the client has it
            await().atMost(Duration.ofSeconds(10)).until(() -> providers.counts().modelInFlight() == 0);
        }
    }

    @Test
    void a_held_look_up_turned_away_is_not_counted_nor_sent_again_and_a_repeat_is_reported_with_what_it_asked(
            @TempDir Path materials) throws Exception {
        try (SimulatedProviders providers = SimulatedProviders.start(EXAMPLES, materials, 1, 1000)) {
            URI depth = URI.create(providers.scholarBaseUrl() + "/graph/v1/paper/search?query=depth");
            providers.scholarGate().hold();
            CompletableFuture<HttpResponse<String>> abandoned = getAsync(depth);
            await().atMost(Duration.ofSeconds(10)).until(() -> providers.counts().s2Held() == 1);
            providers.scholarGate().abandonHeld();
            // a closed connection would make the client send the GET again, and it would be answered
            assertThat(abandoned).succeedsWithin(Duration.ofSeconds(10)).extracting(HttpResponse::statusCode)
                    .isEqualTo(503);
            assertThat(providers.counts().s2Requests()).as("a look-up turned away").isZero();

            providers.scholarGate().hold();
            CompletableFuture<HttpResponse<String>> held = getAsync(depth);
            await().atMost(Duration.ofSeconds(10)).until(() -> providers.counts().s2Held() == 1);
            assertThat(held).isNotDone();
            providers.scholarGate().release();
            assertThat(held).succeedsWithin(Duration.ofSeconds(10)).extracting(HttpResponse::statusCode)
                    .isEqualTo(200);
            assertThat(providers.repeats()).isEmpty();
            // the spacing at factor 1000 is 1 ms: the same look-up again is answered, and is a repeat
            await().atMost(Duration.ofSeconds(10)).until(() -> getAsync(depth).join().statusCode() == 200);

            assertThat(providers.counts().s2Repeats()).isEqualTo(1);
            assertThat(providers.repeats()).containsExactly(
                    "semantic-scholar 2 x GET /graph/v1/paper/search?query=depth");
        }
    }

    // issue 42: prompt-cache reads reported the way OpenAI and Anthropic report them, and a log without prompt text
    @Test
    void a_repeated_long_prefix_is_reported_as_cache_reads_in_each_providers_usage_and_logged_as_hashes(
            @TempDir Path materials) throws Exception {
        String stable = "You review papers. ".repeat(300);
        Path logFile = materials.resolve("requests.jsonl");
        try (SimulatedProviders providers = SimulatedProviders.start(EXAMPLES, materials, 1, 1000);
                dev.paperorchestra.bench.cost.RequestLog log = new dev.paperorchestra.bench.cost.RequestLog(logFile)) {
            providers.logRequests(log);
            assertThat(usage(chat(providers, stable, "first")).path("prompt_tokens_details").path("cached_tokens")
                    .asLong()).isZero();
            var second = usage(chat(providers, stable, "second"));
            // 5,700 characters are 1,425 tokens; eleven whole 128-token chunks are shared
            assertThat(second.path("prompt_tokens_details").path("cached_tokens").asLong()).isEqualTo(1408);

            String anthropic = "{\"model\":\"claude\",\"max_tokens\":100,\"system\":[{\"type\":\"text\",\"text\":\""
                    + stable + "\",\"cache_control\":{\"type\":\"ephemeral\"}}],\"messages\":[{\"role\":\"user\","
                    + "\"content\":\"QUESTION\"}]}";
            var written = usage(post(providers, "/messages", anthropic.replace("QUESTION", "first")));
            var read = usage(post(providers, "/messages", anthropic.replace("QUESTION", "second")));
            assertThat(written.path("cache_creation_input_tokens").asLong()).isEqualTo(1425);
            assertThat(written.path("cache_read_input_tokens").asLong()).isZero();
            assertThat(read.path("cache_read_input_tokens").asLong()).isEqualTo(1425);
            assertThat(read.path("cache_creation_input_tokens").asLong()).isZero();
            assertThat(read.path("input_tokens").asLong()).isEqualTo(1);
        }
        assertThat(Files.readAllLines(logFile)).hasSize(4).allSatisfy(line -> assertThat(line)
                .contains("\"chunks\":[").doesNotContain("review"));
    }

    // issue 42: batches end on the real clock after the compressed delay; the counts keep them apart
    @Test
    void a_batch_ends_after_its_compressed_delay_and_the_counts_tell_its_items_from_synchronous_calls(
            @TempDir Path materials) throws Exception {
        // 30 s at time factor 1000: the batch ends 30 ms after it is accepted
        BatchSettings batches = new BatchSettings(Duration.ofSeconds(30), 0, false);
        try (SimulatedProviders providers = SimulatedProviders.start(EXAMPLES, materials, 1, 1000, batches)) {
            String requests = "{\"requests\":[" + BatchStandIn.anthropicRequest("first") + ","
                    + BatchStandIn.anthropicRequest("second") + "]}";
            HttpResponse<String> created = post(providers, "/messages/batches", requests).join();
            assertThat(created.statusCode()).as(created.body()).isEqualTo(200);
            URI batch = URI.create(providers.modelBaseUrl() + "/messages/batches/"
                    + dev.paperorchestra.base.json.Json.mapper().readTree(created.body()).path("id").asString());

            await().atMost(Duration.ofSeconds(10)).until(() -> http.send(HttpRequest.newBuilder(batch).build(),
                    HttpResponse.BodyHandlers.ofString()).body().contains("\"processing_status\":\"ended\""));
            assertThat(chat(providers, "synchronous")).succeedsWithin(Duration.ofSeconds(10));

            StubCounts counts = providers.counts();
            assertThat(counts.modelBatches()).isEqualTo(1);
            assertThat(counts.modelBatchItems()).isEqualTo(2);
            assertThat(counts.modelSync()).isEqualTo(1);
            assertThat(counts.modelAnswers()).isEqualTo(3);
            assertThat(counts.modelBatchFailed()).isZero();
            assertThat(StubsCommand.lines(counts)).contains("model_batch_items=2\n", "model_batches=1\n",
                    "model_sync=1\n", "model_batch_failed=0\n", "model_batch_expired=0\n");
        }
    }

    private static tools.jackson.databind.JsonNode usage(CompletableFuture<HttpResponse<String>> answer) {
        HttpResponse<String> response = answer.join();
        assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
        return dev.paperorchestra.base.json.Json.mapper().readTree(response.body()).path("usage");
    }

    private CompletableFuture<HttpResponse<String>> chat(SimulatedProviders providers, String system, String text) {
        return post(providers, "/chat/completions", "{\"model\":\"m\",\"messages\":[{\"role\":\"system\","
                + "\"content\":\"" + system + "\"},{\"role\":\"user\",\"content\":\"" + text + "\"}]}");
    }

    private CompletableFuture<HttpResponse<String>> post(SimulatedProviders providers, String path, String body) {
        return http.sendAsync(HttpRequest.newBuilder(URI.create(providers.modelBaseUrl() + path))
                .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(body)).build(),
                HttpResponse.BodyHandlers.ofString());
    }

    private int get(URI uri) throws Exception {
        return http.send(HttpRequest.newBuilder(uri).build(), HttpResponse.BodyHandlers.ofString()).statusCode();
    }

    private CompletableFuture<HttpResponse<String>> getAsync(URI uri) {
        return http.sendAsync(HttpRequest.newBuilder(uri).build(), HttpResponse.BodyHandlers.ofString());
    }

    private CompletableFuture<HttpResponse<String>> chat(SimulatedProviders providers, String text) {
        String body = "{\"model\":\"m\",\"messages\":[{\"role\":\"system\",\"content\":\"You review papers.\"},"
                + "{\"role\":\"user\",\"content\":\"" + text + "\"}]}";
        return http.sendAsync(HttpRequest.newBuilder(URI.create(providers.modelBaseUrl() + "/chat/completions"))
                .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(body)).build(),
                HttpResponse.BodyHandlers.ofString());
    }
}
