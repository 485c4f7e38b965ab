package dev.paperorchestra.bench.simulate;

import static org.assertj.core.api.Assertions.assertThat;

import dev.paperorchestra.base.json.Json;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.time.InstantSource;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.JsonNode;

/**
 * A stand-in model server for the batch tests, on a clock the test moves, and the HTTP calls they make with the
 * JDK's client.
 */
final class BatchStandIn implements AutoCloseable {

    /** A prompt start longer than 1,024 tokens, the same in every item, so later items read it from the cache. */
    static final String STABLE = "You review papers. ".repeat(300);

    record Reply(int status, String body) {

        JsonNode json() {
            return Json.mapper().readTree(body);
        }

        List<JsonNode> lines() {
            return Arrays.stream(body.split("\n")).filter(line -> !line.isBlank())
                    .map(line -> Json.mapper().readTree(line)).toList();
        }
    }

    private static final class MovableClock implements InstantSource {

        private volatile Instant now = Instant.parse("2026-11-29T08:00:00Z");

        @Override
        public Instant instant() {
            return now;
        }
    }

    private final MovableClock clock = new MovableClock();
    private final HttpClient http = HttpClient.newHttpClient();
    final SimulatedModelServer server;

    /** Time factor 1000: a synchronous call takes milliseconds, a batch of an hour's delay 3.6 s of the clock. */
    BatchStandIn(BatchSettings settings, long seed) throws IOException {
        server = new SimulatedModelServer(new ScriptedModel(user -> "{}", user -> List.of()),
                ModelLatencies.of(Map.of(), 0), 1000, 4, seed, settings, clock);
    }

    void advance(Duration duration) {
        clock.now = clock.now.plus(duration);
    }

    Reply get(String path) throws IOException, InterruptedException {
        return send(HttpRequest.newBuilder(uri(path)).GET());
    }

    Reply post(String path, String json) throws IOException, InterruptedException {
        return send(HttpRequest.newBuilder(uri(path)).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(json)));
    }

    /** {@code POST /v1/files} as a multipart upload with {@code purpose=batch}. */
    Reply upload(String filename, String jsonl) throws IOException, InterruptedException {
        String boundary = "stand-in-boundary-42";
        String body = "--" + boundary + "\r\nContent-Disposition: form-data; name=\"purpose\"\r\n\r\nbatch\r\n"
                + "--" + boundary + "\r\nContent-Disposition: form-data; name=\"file\"; filename=\"" + filename
                + "\"\r\nContent-Type: application/jsonl\r\n\r\n" + jsonl + "\r\n--" + boundary + "--\r\n";
        return send(HttpRequest.newBuilder(uri("/files"))
                .header("Content-Type", "multipart/form-data; boundary=" + boundary)
                .POST(HttpRequest.BodyPublishers.ofString(body)));
    }

    /** An OpenAI batch input line: a chat completion request that starts with {@link #STABLE}. */
    static String openAiLine(String customId) {
        return "{\"custom_id\":\"" + customId + "\",\"method\":\"POST\",\"url\":\"/v1/chat/completions\","
                + "\"body\":{\"model\":\"gpt-4.1\",\"messages\":[{\"role\":\"system\",\"content\":\"" + STABLE
                + "\"},{\"role\":\"user\",\"content\":\"Question " + customId + "\"}]}}";
    }

    /** An Anthropic batch request whose system prompt, {@link #STABLE}, is marked for caching. */
    static String anthropicRequest(String customId) {
        return "{\"custom_id\":\"" + customId + "\",\"params\":{\"model\":\"claude-sonnet-4-5\",\"max_tokens\":100,"
                + "\"system\":[{\"type\":\"text\",\"text\":\"" + STABLE + "\",\"cache_control\":{\"type\":"
                + "\"ephemeral\"}}],\"messages\":[{\"role\":\"user\",\"content\":\"Question " + customId + "\"}]}}";
    }

    /** Uploads the lines and creates a batch of them; returns the batch object. */
    JsonNode openAiBatch(List<String> customIds) throws IOException, InterruptedException {
        Reply file = upload("batch.jsonl", String.join("\n", customIds.stream().map(BatchStandIn::openAiLine)
                .toList()) + "\n");
        assertThat(file.status()).as(file.body()).isEqualTo(200);
        Reply batch = post("/batches", "{\"input_file_id\":\"" + file.json().path("id").asString()
                + "\",\"endpoint\":\"/v1/chat/completions\",\"completion_window\":\"24h\"}");
        assertThat(batch.status()).as(batch.body()).isEqualTo(200);
        return batch.json();
    }

    JsonNode anthropicBatch(List<String> customIds) throws IOException, InterruptedException {
        Reply batch = post("/messages/batches", "{\"requests\":[" + String.join(",", customIds.stream()
                .map(BatchStandIn::anthropicRequest).toList()) + "]}");
        assertThat(batch.status()).as(batch.body()).isEqualTo(200);
        return batch.json();
    }

    private Reply send(HttpRequest.Builder request) throws IOException, InterruptedException {
        HttpResponse<String> response = http.send(request.build(), HttpResponse.BodyHandlers.ofString());
        return new Reply(response.statusCode(), response.body());
    }

    private URI uri(String path) {
        return URI.create(path.startsWith("http") ? path : server.baseUrl() + path);
    }

    @Override
    public void close() {
        server.close();
        http.close();
    }
}
