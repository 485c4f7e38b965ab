package dev.paperorchestra.gateway.core;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.core.WireMockConfiguration.wireMockConfig;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.github.tomakehurst.wiremock.WireMockServer;
import com.github.tomakehurst.wiremock.client.MappingBuilder;
import com.github.tomakehurst.wiremock.client.ResponseDefinitionBuilder;
import com.github.tomakehurst.wiremock.matching.RequestPatternBuilder;
import com.github.tomakehurst.wiremock.stubbing.Scenario;
import com.github.tomakehurst.wiremock.verification.LoggedRequest;
import dev.paperorchestra.base.errors.PermanentException;
import dev.paperorchestra.base.errors.RetriableException;
import dev.paperorchestra.base.json.Json;
import dev.paperorchestra.gateway.InvalidModelAnswerException;
import dev.paperorchestra.gateway.LlmBudgetExceededException;
import dev.paperorchestra.gateway.LlmProperties;
import dev.paperorchestra.gateway.LlmProperties.CacheMode;
import dev.paperorchestra.gateway.LlmProperties.ProviderKind;
import dev.paperorchestra.gateway.LlmRequest;
import dev.paperorchestra.gateway.LlmResponse;
import dev.paperorchestra.gateway.LlmRole;
import dev.paperorchestra.gateway.Prompt;
import dev.paperorchestra.gateway.usage.InMemoryUsageLedger;
import dev.paperorchestra.gateway.usage.LlmMetrics;
import dev.paperorchestra.gateway.usage.LlmUsage;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * What every provider adapter must do behind the gateway, against a local stub speaking the provider's
 * documented wire format: each adapter's test extends this class and says how its provider frames answers,
 * errors, schemas and images.
 */
abstract class ProviderContractTest {

    static final String SCHEMA = """
            {"type":"object","required":["verdict","score"],"additionalProperties":false,
             "properties":{"verdict":{"type":"string","enum":["accept","reject"]},
                           "score":{"type":"integer","minimum":1,"maximum":10}}}""";
    static final byte[] PNG = {(byte) 0x89, 'P', 'N', 'G', 13, 10, 26, 10, 0, 0, 0, 13};

    static WireMockServer server;

    /** The response cache's store: the gateway's port, kept in memory here (an agent passes its blob store). */
    final java.util.Map<String, byte[]> blobs = new java.util.concurrent.ConcurrentHashMap<>();
    final dev.paperorchestra.gateway.KeyedStore store = new dev.paperorchestra.gateway.KeyedStore() {
        @Override
        public void putKeyed(String namespace, String key, byte[] content) {
            blobs.put(namespace + "/" + key, content.clone());
        }

        @Override
        public java.util.Optional<byte[]> getKeyed(String namespace, String key) {
            return java.util.Optional.ofNullable(blobs.get(namespace + "/" + key)).map(byte[]::clone);
        }
    };

    final List<Duration> sleeps = new ArrayList<>();
    final InMemoryUsageLedger ledger = new InMemoryUsageLedger();
    final java.util.Set<String> cancelled = new java.util.HashSet<>();

    @BeforeAll
    static void startServer() {
        server = new WireMockServer(wireMockConfig().dynamicPort());
        server.start();
    }

    @AfterAll
    static void stopServer() {
        server.stop();
    }

    @BeforeEach
    void resetServer() {
        server.resetAll();
    }

    /** The provider under test. */
    abstract ProviderKind kind();

    /** The path prefix the provider's base URL ends with ("/v1", "/v1beta"). */
    abstract String basePath();

    /** A stub of the provider's chat endpoint for the configured model. */
    abstract MappingBuilder chatEndpoint();

    /** The provider's success body for an answer text with token counts. */
    abstract String answerBody(String text, long inputTokens, long outputTokens);

    /** The provider's success body when part of the input was read from its prompt cache, in its own fields. */
    abstract String answerBodyWithCacheReads(String text, long inputTokens, long cachedInputTokens,
            long outputTokens);

    /** The provider's error body for a status. */
    abstract String errorBody(int status, String message);

    /** The text of the system prompt the provider received. */
    abstract String systemPromptOf(JsonNode body);

    /** Every user text the provider received, in order. */
    abstract List<String> userTextsOf(JsonNode body);

    /** The JSON Schema as the provider received it in its structured-output setting. */
    abstract JsonNode schemaOf(JsonNode body);

    /** The base64 image data the provider received, with media types, as "type;data". */
    abstract List<String> imagesOf(JsonNode body);

    String model() {
        return "test-model-1";
    }

    DefaultLlmGateway gateway(CacheMode mode, LlmProperties.Budget budget) {
        LlmProperties defaults = LlmProperties.defaults(kind(), server.baseUrl() + basePath(), model());
        LlmProperties properties = new LlmProperties(kind(), defaults.baseUrl(), "test-key", model(), Map.of(),
                Duration.ofSeconds(10), 2, 1024, 1, true,
                new LlmProperties.Retry(3, Duration.ofSeconds(2), Duration.ofSeconds(30), 0.2, Duration.ofMinutes(1)),
                new LlmProperties.Cache(mode), budget, List.of(model() + ":1000/100:2000"), "",
                0.5, LlmProperties.Batch.OFF);
        Map<LlmRole, RoleBinding> bindings = RoleBinding.resolve(properties, name -> null);
        var providers = new EnumMap<LlmRole, dev.paperorchestra.gateway.provider.ChatProvider>(LlmRole.class);
        bindings.forEach((role, binding) -> providers.put(role, ChatProviders.create(binding, properties.timeout(),
                properties.maxOutputTokens())));
        return new DefaultLlmGateway(bindings, providers, properties,
                new ResponseCache(store, mode), ledger, new LlmMetrics(new SimpleMeterRegistry()),
                new RetryPolicy(properties.retry(), sleeps::add, () -> 0.5), (paperId, before) -> {
                    if (cancelled.contains(paperId)) {
                        throw new PermanentException("paper " + paperId + " was cancelled; stopped before " + before);
                    }
                });
    }

    DefaultLlmGateway gateway() {
        return gateway(CacheMode.READ_WRITE, new LlmProperties.Budget(0, 0));
    }

    static LlmRequest request(String user, String schema) {
        return new LlmRequest("paper-1", "test-agent", LlmRole.PLANNER, "You review papers.", user, schema,
                List.of());
    }

    ResponseDefinitionBuilder ok(String text) {
        return aResponse().withStatus(200).withHeader("Content-Type", "application/json")
                .withBody(answerBody(text, 120, 30));
    }

    ResponseDefinitionBuilder error(int status, String message) {
        return aResponse().withStatus(status).withHeader("Content-Type", "application/json")
                .withBody(errorBody(status, message));
    }

    /**
     * The texts of one role's messages where content is a string or a list of {@code {"type":"text"}} parts
     * (the OpenAI and Anthropic shapes).
     */
    static List<String> messageTexts(JsonNode body, String role) {
        List<String> texts = new ArrayList<>();
        for (JsonNode message : body.path("messages").values()) {
            if (message.path("role").asString().equals(role)) {
                JsonNode content = message.path("content");
                if (content.isString()) {
                    texts.add(content.asString());
                }
                content.values().forEach(part -> {
                    if (part.path("type").asString().equals("text")) {
                        texts.add(part.path("text").asString());
                    }
                });
            }
        }
        return texts;
    }

    List<JsonNode> requestBodies() {
        List<JsonNode> bodies = new ArrayList<>();
        for (LoggedRequest request : server.findAll(RequestPatternBuilder.allRequests())) {
            bodies.add(Json.mapper().readTree(request.getBodyAsString()));
        }
        return bodies;
    }

    @Test
    void returns_the_answer_text_with_its_token_counts_and_cost() {
        server.stubFor(chatEndpoint().willReturn(ok("The paper is clear.")));

        LlmResponse response = gateway().call(request("Summarise the paper.", null));

        assertThat(response.text()).isEqualTo("The paper is clear.");
        assertThat(response.provider()).isEqualTo(kind().name().toLowerCase(java.util.Locale.ROOT));
        assertThat(response.model()).isEqualTo(model());
        assertThat(response.inputTokens()).isEqualTo(120);
        assertThat(response.outputTokens()).isEqualTo(30);
        assertThat(response.cached()).isFalse();
        LlmUsage usage = ledger.usage("paper-1").calls().getFirst();
        assertThat(usage.costUsd()).isEqualTo((120 * 1000.0 + 30 * 2000.0) / 1_000_000.0);
    }

    @Test
    void records_prompt_cache_reads_as_cached_input_priced_at_the_cached_price() {
        server.stubFor(chatEndpoint().willReturn(aResponse().withStatus(200)
                .withHeader("Content-Type", "application/json")
                .withBody(answerBodyWithCacheReads("The paper is clear.", 1200, 1000, 30))));

        LlmResponse response = gateway().call(request("Summarise the paper.", null));

        assertThat(response.inputTokens()).isEqualTo(1200);
        LlmUsage usage = ledger.usage("paper-1").calls().getFirst();
        assertThat(usage.inputTokens()).isEqualTo(1200);
        assertThat(usage.cachedInputTokens()).isEqualTo(1000);
        assertThat(usage.uncachedInputTokens()).isEqualTo(200);
        assertThat(usage.costUsd()).isCloseTo((200 * 1000.0 + 1000 * 100.0 + 30 * 2000.0) / 1_000_000.0,
                org.assertj.core.data.Offset.offset(1e-12));
        assertThat(ledger.usage("paper-1").totals().cachedInputTokens()).isEqualTo(1000);
    }

    @Test
    void two_calls_for_one_paper_send_the_same_prompt_up_to_the_per_call_part() {
        server.stubFor(chatEndpoint().willReturn(ok("Done.")));
        Prompt.Materials paper = new Prompt.Materials("A sparse attention method." + " Details.".repeat(200),
                "| method | acc |\n| ours | 91.2 |");
        String materials = paper.text();
        for (String task : List.of("Draft the method section.", "Review the experiments section.")) {
            Prompt prompt = Prompt.builder().task(task).materials(paper).outline("{\"sections\": [\"1. Method\"]}")
                    .build();
            gateway().call(new LlmRequest("paper-1", "test-agent", LlmRole.PLANNER, "You write papers.", prompt,
                    null, List.of()));
        }

        List<String> sent = requestBodies().stream()
                .map(body -> systemPromptOf(body) + "\n" + String.join("\n", userTextsOf(body))).toList();
        String shared = sent.get(0).substring(0, commonPrefix(sent.get(0), sent.get(1)));
        assertThat(shared).contains(IsolationPreamble.TEXT, "You write papers.", materials, "1. Method")
                .doesNotContain("Draft", "Review");
        assertThat(shared.indexOf(materials)).as("the materials before the step's instructions")
                .isLessThan(shared.indexOf("You write papers."));
    }

    @Test
    void two_steps_of_one_paper_send_the_same_bytes_through_the_materials() {
        server.stubFor(chatEndpoint().willReturn(ok("Done.")));
        Prompt.Materials paper = new Prompt.Materials("A sparse attention method." + " Details.".repeat(200),
                "| method | acc |\n| ours | 91.2 |");
        gateway().call(new LlmRequest("paper-1", "test-agent", LlmRole.PLANNER, "You plan papers.",
                Prompt.builder().materials(paper).reading("Template sections: Method").build(), null, List.of()));
        gateway().call(new LlmRequest("paper-1", "test-agent", LlmRole.PLANNER, "You design charts.",
                Prompt.builder().materials(paper).reading("Tables you may draw from: T1").task("Chart T1.").build(),
                null, List.of()));

        List<String> sent = requestBodies().stream()
                .map(body -> systemPromptOf(body) + "\n" + String.join("\n", userTextsOf(body))).toList();
        String shared = sent.get(0).substring(0, commonPrefix(sent.get(0), sent.get(1)));
        // the system message is the preamble alone; each step's own instructions follow the materials
        assertThat(shared).startsWith(IsolationPreamble.TEXT).contains(paper.text())
                .doesNotContain("You plan papers.", "You design charts.", "Template sections", "Tables you may");
    }

    static int commonPrefix(String a, String b) {
        int i = 0;
        while (i < Math.min(a.length(), b.length()) && a.charAt(i) == b.charAt(i)) {
            i++;
        }
        return i;
    }

    @Test
    void makes_no_model_call_for_a_cancelled_paper() {
        server.stubFor(chatEndpoint().willReturn(ok("The paper is clear.")));
        cancelled.add("paper-1");

        assertThatThrownBy(() -> gateway().call(request("Summarise the paper.", null)))
                .isInstanceOf(PermanentException.class)
                .hasMessageContaining("paper-1 was cancelled");

        assertThat(server.findAll(RequestPatternBuilder.allRequests())).isEmpty();
        assertThat(ledger.usage("paper-1").calls()).isEmpty();
    }

    @Test
    void sends_the_model_the_isolation_preamble_and_the_user_prompt() {
        server.stubFor(chatEndpoint().willReturn(ok("ok")));

        gateway().call(request("Summarise the paper.", null));

        JsonNode body = requestBodies().getFirst();
        // the system message is the preamble alone, the same for every step; the step's instructions open the user
        // prompt, before its per-call part
        assertThat(systemPromptOf(body)).isEqualTo(IsolationPreamble.TEXT);
        assertThat(String.join("\n\n", userTextsOf(body))).isEqualTo("You review papers.\n\nSummarise the paper.");
        LoggedRequest sent = server.findAll(RequestPatternBuilder.allRequests()).getFirst();
        assertThat(sent.getUrl() + sent.getBodyAsString()).as("the model is named in the URL or the body")
                .contains(model());
    }

    @Test
    void sends_the_json_schema_in_the_providers_structured_output_setting() {
        server.stubFor(chatEndpoint().willReturn(ok("{\"verdict\":\"accept\",\"score\":7}")));

        LlmResponse response = gateway().call(request("Judge the paper.", SCHEMA));

        JsonNode schema = schemaOf(requestBodies().getFirst());
        assertThat(schema.path("properties").path("verdict").path("enum").toString())
                .contains("accept", "reject");
        assertThat(schema.path("required").toString()).contains("verdict", "score");
        assertThat(userTextsOf(requestBodies().getFirst()).getLast()).contains("JSON Schema");
        assertThat(Json.mapper().readTree(response.text()).path("score").asInt()).isEqualTo(7);
    }

    @Test
    void sends_images_as_the_providers_image_parts() {
        server.stubFor(chatEndpoint().willReturn(ok("legible")));

        gateway().call(new LlmRequest("paper-1", "test-agent", LlmRole.CRITIC, "You critique charts.",
                "Is the chart legible?", null, List.of(new LlmRequest.Image("image/png", PNG))));

        assertThat(imagesOf(requestBodies().getFirst()))
                .containsExactly("image/png;" + java.util.Base64.getEncoder().encodeToString(PNG));
    }

    @Test
    void repairs_an_invalid_json_answer_by_sending_back_its_violations() {
        server.stubFor(chatEndpoint().inScenario("repair").whenScenarioStateIs(Scenario.STARTED)
                .willReturn(ok("{\"verdict\":\"maybe\",\"score\":7}")).willSetStateTo("repaired"));
        server.stubFor(chatEndpoint().inScenario("repair").whenScenarioStateIs("repaired")
                .willReturn(ok("```json\n{\"verdict\":\"reject\",\"score\":3}\n```")));

        LlmResponse response = gateway().call(request("Judge the paper.", SCHEMA));

        assertThat(Json.mapper().readTree(response.text()).path("verdict").asString()).isEqualTo("reject");
        List<JsonNode> bodies = requestBodies();
        assertThat(bodies).hasSize(2);
        assertThat(userTextsOf(bodies.get(1)).getLast()).contains("does not match the JSON Schema", "verdict");
        assertThat(String.join("\n", userTextsOf(bodies.get(1)))).containsOnlyOnce("does not match the JSON Schema");
    }

    @Test
    void fails_with_the_last_answer_when_repairs_are_exhausted() {
        server.stubFor(chatEndpoint().willReturn(ok("I cannot answer in JSON.")));

        assertThatThrownBy(() -> gateway().call(request("Judge the paper.", SCHEMA)))
                .isInstanceOf(InvalidModelAnswerException.class)
                .hasMessageContaining("after 1 repair(s)")
                .hasMessageContaining("last answer: I cannot answer in JSON.");
        assertThat(requestBodies()).hasSize(2);
    }

    @Test
    void retries_after_a_rate_limit_waiting_as_long_as_retry_after_asks() {
        server.stubFor(chatEndpoint().inScenario("limit").whenScenarioStateIs(Scenario.STARTED)
                .willReturn(error(429, "rate limit reached").withHeader("Retry-After", "7"))
                .willSetStateTo("open"));
        server.stubFor(chatEndpoint().inScenario("limit").whenScenarioStateIs("open").willReturn(ok("done")));

        LlmResponse response = gateway().call(request("Summarise.", null));

        assertThat(response.text()).isEqualTo("done");
        assertThat(sleeps).containsExactly(Duration.ofSeconds(7));
    }

    @Test
    void backs_off_exponentially_on_server_errors_then_fails_retriably() {
        server.stubFor(chatEndpoint().willReturn(error(503, "overloaded")));

        assertThatThrownBy(() -> gateway().call(request("Summarise.", null)))
                .isInstanceOf(RetriableException.class)
                .hasMessageContaining("still failing after 3 attempt(s)")
                .hasMessageContaining("HTTP 503");
        assertThat(requestBodies()).hasSize(3);
        assertThat(sleeps).containsExactly(Duration.ofSeconds(2), Duration.ofSeconds(4));
    }

    @Test
    void fails_permanently_without_retrying_when_the_key_is_refused() {
        server.stubFor(chatEndpoint().willReturn(error(401, "invalid api key")));

        assertThatThrownBy(() -> gateway().call(request("Summarise.", null)))
                .isInstanceOf(PermanentException.class)
                .hasMessageContaining("HTTP 401")
                .hasMessageContaining("API key was refused")
                .hasMessageNotContaining("test-key");
        assertThat(requestBodies()).hasSize(1);
        assertThat(sleeps).isEmpty();
    }

    // hostile (finding 7): a refusal that quotes the key base64-encoded, as Basic credentials, URL-encoded
    @Test
    void a_refusal_quoting_the_key_in_derived_forms_reaches_no_failure_text() {
        String key = "test-key";
        java.util.List<String> forms = java.util.List.of(b64(key), b64("apiuser:" + key), b64(":" + key),
                java.net.URLEncoder.encode(key, java.nio.charset.StandardCharsets.UTF_8).replace("-", "%2d"));
        server.stubFor(chatEndpoint().willReturn(error(401, "invalid credentials " + String.join(" ", forms))));

        Throwable failure = org.assertj.core.api.Assertions.catchThrowable(
                () -> gateway().call(request("Summarise.", null)));

        // the messages down the cause chain are what the console, po.log, paper-status and the -dlt headers carry
        // (agent-runtime's FailureReasons describes the root cause)
        List<String> texts = new ArrayList<>();
        for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
            texts.add(String.valueOf(cause.getMessage()));
        }
        assertThat(failure).isInstanceOf(PermanentException.class).hasMessageContaining("HTTP 401");
        for (String text : texts) {
            assertThat(text).doesNotContain(key, b64(key).substring(0, 8), "dGVzdC1rZXk", "%2d")
                    .doesNotContain(forms.get(1).substring(12, 20), forms.get(2).substring(4, 12));
        }
    }

    // hostile (finding 7): a 200 answer echoing the key must not put it into blobs/keyed/llm-responses
    @Test
    void an_answer_echoing_the_key_is_cached_and_returned_without_it() throws Exception {
        String echo = "Configured with test-key, Basic " + b64("user:test-key") + ", hex "
                + java.util.HexFormat.of().formatHex("test-key".getBytes(java.nio.charset.StandardCharsets.UTF_8));
        server.stubFor(chatEndpoint().willReturn(ok(echo)));

        LlmResponse answer = gateway().call(request("Summarise.", null));
        LlmResponse replayed = gateway(CacheMode.REPLAY_ONLY, new LlmProperties.Budget(0, 0))
                .call(request("Summarise.", null));

        assertThat(answer.text()).startsWith("Configured with [REDACTED], Basic ").doesNotContain("test-key");
        assertThat(replayed.text()).isEqualTo(answer.text());
        assertThat(blobs).isNotEmpty();
        for (var stored : blobs.entrySet()) {
            assertThat(new String(stored.getValue(), java.nio.charset.StandardCharsets.UTF_8)).as(stored.getKey())
                    .doesNotContain("test-key", b64("user:test-key").substring(8, 16), "746573742d6b6579");
        }
    }

    static String b64(String text) {
        return java.util.Base64.getEncoder().encodeToString(text.getBytes(java.nio.charset.StandardCharsets.UTF_8));
    }

    @Test
    void answers_a_repeated_request_from_the_cache_without_paying_twice() {
        server.stubFor(chatEndpoint().willReturn(ok("first answer")));
        DefaultLlmGateway gateway = gateway();

        gateway.call(request("Summarise.", null));
        LlmResponse again = gateway().call(request("Summarise.", null));

        assertThat(again.text()).isEqualTo("first answer");
        assertThat(again.cached()).isTrue();
        assertThat(requestBodies()).hasSize(1);
        assertThat(ledger.usage("paper-1").totals().calls()).isEqualTo(1);
        assertThat(ledger.usage("paper-1").totals().cacheHits()).isEqualTo(1);
    }

    @Test
    void replay_only_mode_fails_on_a_request_that_was_never_recorded() {
        server.stubFor(chatEndpoint().willReturn(ok("never sent")));

        assertThatThrownBy(() -> gateway(CacheMode.REPLAY_ONLY, new LlmProperties.Budget(0, 0))
                .call(request("Summarise.", null)))
                .isInstanceOf(PermanentException.class)
                .hasMessageContaining("replay-only");
        assertThat(requestBodies()).isEmpty();
    }

    @Test
    void replay_only_mode_answers_what_was_recorded() {
        server.stubFor(chatEndpoint().willReturn(ok("recorded")));
        gateway(CacheMode.RECORD, new LlmProperties.Budget(0, 0)).call(request("Summarise.", null));

        LlmResponse replayed = gateway(CacheMode.REPLAY_ONLY, new LlmProperties.Budget(0, 0))
                .call(request("Summarise.", null));

        assertThat(replayed.text()).isEqualTo("recorded");
        assertThat(requestBodies()).hasSize(1);
    }

    @Test
    void stops_the_paper_when_its_token_budget_is_spent() {
        server.stubFor(chatEndpoint().willReturn(ok("never sent")));
        ledger.record(new LlmUsage("paper-1", "outline-agent", "planner", "openai", model(), 900, 100, 0.5, false));

        assertThatThrownBy(() -> gateway(CacheMode.READ_WRITE, new LlmProperties.Budget(1000, 0))
                .call(request("Summarise.", null)))
                .isInstanceOf(LlmBudgetExceededException.class)
                .hasMessageContaining("paper paper-1")
                .hasMessageContaining("budget of 1000 tokens");
        assertThat(requestBodies()).isEmpty();
    }

    @Test
    void stops_the_paper_when_its_cost_budget_is_spent() {
        ledger.record(new LlmUsage("paper-1", "writer-agent", "planner", "openai", model(), 10, 10, 2.5, false));

        assertThatThrownBy(() -> gateway(CacheMode.READ_WRITE, new LlmProperties.Budget(0, 2.0))
                .call(request("Summarise.", null)))
                .isInstanceOf(LlmBudgetExceededException.class)
                .hasMessageContaining("$2.00");
        assertThat(requestBodies()).isEmpty();
    }
}
