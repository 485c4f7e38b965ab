package dev.paperorchestra.gateway.core;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.core.WireMockConfiguration.wireMockConfig;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowable;

import com.github.tomakehurst.wiremock.WireMockServer;
import com.github.tomakehurst.wiremock.client.MappingBuilder;
import com.github.tomakehurst.wiremock.client.ResponseDefinitionBuilder;
import com.github.tomakehurst.wiremock.matching.RequestPatternBuilder;
import dev.paperorchestra.base.errors.PermanentException;
import dev.paperorchestra.base.errors.RetriableException;
import dev.paperorchestra.base.json.Json;
import dev.paperorchestra.base.redaction.Redaction;
import dev.paperorchestra.gateway.LlmProperties.ProviderKind;
import dev.paperorchestra.gateway.LlmRequest.Image;
import dev.paperorchestra.gateway.LlmRole;
import dev.paperorchestra.gateway.Prompt;
import dev.paperorchestra.gateway.batch.BatchApi;
import dev.paperorchestra.gateway.batch.BatchItem;
import dev.paperorchestra.gateway.batch.BatchPoll;
import dev.paperorchestra.gateway.batch.SubmittedBatch;
import dev.paperorchestra.gateway.provider.ChatTurn;
import dev.paperorchestra.gateway.provider.ProviderAnswer;
import dev.paperorchestra.gateway.provider.ProviderCall;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * What every provider's batch client must do, against a local stub speaking the provider's documented batch wire
 * format: each provider's test extends this class and says how its provider frames batches, result files and
 * errors.
 */
abstract class BatchApiContractTest {

    static final String KEY = "batch-test-key-4711";
    static final String SCHEMA = """
            {"type":"object","required":["verdict"],"additionalProperties":false,
             "properties":{"verdict":{"type":"string","enum":["accept","reject"]}}}""";
    static final byte[] PNG = {(byte) 0x89, 'P', 'N', 'G', 13, 10, 26, 10, 0, 0, 0, 13};
    static final Instant EXPIRES = Instant.parse("2026-11-30T08:00:00Z");
    static final int MAX_OUTPUT_TOKENS = 1024;

    static WireMockServer server;

    /** A failed item as the test stubs it: a refused request, or one never run before the window closed. */
    record Failed(String customId, boolean expired, String message) {
    }

    /** An answered item as the test stubs it. */
    record Answered(String customId, String text, long inputTokens, long cachedInputTokens, long outputTokens) {
    }

    @BeforeAll
    static void startServer() {
        server = new WireMockServer(wireMockConfig().dynamicPort());
        server.start();
        Redaction.registerSecret("the batch tests' key", KEY);
    }

    @AfterAll
    static void stopServer() {
        server.stop();
    }

    @BeforeEach
    void resetServer() {
        server.resetAll();
    }

    abstract ProviderKind kind();

    /** Stubs what a submit calls, answering with a batch of this id that expires at {@link #EXPIRES}. */
    abstract void stubSubmit(String batchId);

    /** The first request a submit makes, to answer with an error. */
    abstract MappingBuilder submitEndpoint();

    /** The items a submit sent, as custom id and request body, in order. */
    abstract List<Map.Entry<String, JsonNode>> submittedItems();

    /** Stubs the batch as still being worked on. */
    abstract void stubRunning(String batchId);

    /** Stubs the batch as ended, with these answers and failures in its result files. */
    abstract void stubEnded(String batchId, List<Answered> answered, List<Failed> failed);

    /** Stubs the batch as ended because its window closed, with the answers it got to. */
    abstract void stubExpired(String batchId, List<Answered> answered, List<String> neverRun);

    /** The provider's word for an ended batch and for one whose window closed. */
    abstract String endedStatus();

    abstract String expiredStatus();

    /** The synchronous chat endpoint and a valid answer, to capture what the synchronous path sends. */
    abstract MappingBuilder syncEndpoint();

    abstract String syncAnswer();

    /** The provider's error body for a status. */
    abstract String errorBody(int status, String message);

    String model() {
        return "test-model-1";
    }

    /** False where the model is named in the URL only (Gemini's {@code models/{model}:...}). */
    boolean namesModelInBody() {
        return true;
    }

    /** The id a submit answered with {@link #stubSubmit}'s id comes back as. */
    String batchId(String stubbed) {
        return stubbed;
    }

    /** The end of the completion window a submit reports, where the provider says it. */
    Instant expiresAt() {
        return EXPIRES;
    }

    RoleBinding binding() {
        return new RoleBinding(LlmRole.PLANNER, kind(), model(), server.baseUrl() + "/v1", KEY, null);
    }

    BatchApi api() {
        return BatchApis.forBinding(binding(), Duration.ofSeconds(5), MAX_OUTPUT_TOKENS).orElseThrow();
    }

    /** A call with everything the synchronous path can send: stable blocks, a schema, a temperature, an image. */
    static ProviderCall richCall() {
        List<String> stable = List.of("RULES", "IDEA", "LOG", "OUTLINE", "CITATIONS");
        String first = String.join(Prompt.SEPARATOR, stable) + Prompt.SEPARATOR + "Write the method section.";
        return new ProviderCall("You write papers.", List.of(ChatTurn.user(first)),
                List.of(new Image("image/png", PNG)), SCHEMA, 0.75, 800, false, stable);
    }

    /** A repair conversation: the user's request, the model's answer, the user's correction. */
    static ProviderCall repairCall() {
        return new ProviderCall("You judge papers.", List.of(ChatTurn.user("Judge the paper."),
                ChatTurn.model("maybe"), ChatTurn.user("Answer accept or reject.")), List.of(), null, null, 300,
                false);
    }

    static String id(char digit) {
        return String.valueOf(digit).repeat(64);
    }

    /** The body the synchronous provider sends for the call, as the stub received it. */
    JsonNode syncBody(ProviderCall call) {
        server.stubFor(syncEndpoint().willReturn(json(200, syncAnswer())));
        ChatProviders.create(binding(), Duration.ofSeconds(5), MAX_OUTPUT_TOKENS).chat(call);
        var logged = server.findAll(RequestPatternBuilder.allRequests());
        return Json.mapper().readTree(logged.getLast().getBodyAsString());
    }

    static ResponseDefinitionBuilder json(int status, String body) {
        return aResponse().withStatus(status).withHeader("Content-Type", "application/json").withBody(body);
    }

    ResponseDefinitionBuilder error(int status, String message) {
        return json(status, errorBody(status, message));
    }

    @Test
    void submits_one_request_per_item_under_its_custom_id_with_the_body_the_synchronous_path_sends() {
        JsonNode richSync = syncBody(richCall());
        JsonNode repairSync = syncBody(repairCall());
        server.resetAll();
        stubSubmit("batch_1");

        SubmittedBatch batch = api().submit(List.of(new BatchItem(id('a'), richCall()),
                new BatchItem(id('b'), repairCall())));

        assertThat(batch).isEqualTo(new SubmittedBatch(batchId("batch_1"), expiresAt()));
        List<Map.Entry<String, JsonNode>> items = submittedItems();
        assertThat(items).extracting(Map.Entry::getKey).containsExactly(id('a'), id('b'));
        assertThat(items.get(0).getValue()).isEqualTo(withoutStream(richSync));
        assertThat(items.get(1).getValue()).isEqualTo(withoutStream(repairSync));
        String sent = items.get(0).getValue().toString();
        if (namesModelInBody()) {
            assertThat(sent).contains(model());
        }
        assertThat(sent).contains("You write papers.", "Write the method section.", "verdict", "0.75",
                Base64.getEncoder().encodeToString(PNG));
    }

    /** Batch requests are never streamed; a synchronous body's {@code "stream":false} is left out. */
    static JsonNode withoutStream(JsonNode body) {
        var copy = body.deepCopy();
        if (copy instanceof tools.jackson.databind.node.ObjectNode object && object.path("stream").isBoolean()
                && !object.path("stream").booleanValue()) {
            object.remove("stream");
        }
        return copy;
    }

    @Test
    void a_batch_still_being_worked_on_has_not_ended() {
        stubRunning("batch_1");

        BatchPoll poll = api().poll(batchId("batch_1"), List.of(id('a')));

        assertThat(poll.ended()).isFalse();
        assertThat(poll.answers()).isEmpty();
        assertThat(poll.failures()).isEmpty();
    }

    @Test
    void an_ended_batch_gives_each_answer_with_its_usage_and_each_failure_with_its_reason() {
        stubEnded("batch_1", List.of(new Answered(id('a'), "The method is sound.", 1500, 1200, 40),
                new Answered(id('b'), "accept", 90, 0, 2)),
                List.of(new Failed(id('c'), false, "max_tokens: too large")));

        BatchPoll poll = api().poll(batchId("batch_1"), List.of(id('a'), id('b'), id('c')));

        assertThat(poll.ended()).isTrue();
        assertThat(poll.status()).isEqualTo(endedStatus());
        assertThat(poll.answers()).containsOnlyKeys(id('a'), id('b'));
        ProviderAnswer answer = poll.answers().get(id('a'));
        assertThat(answer.text()).isEqualTo("The method is sound.");
        assertThat(answer.model()).isEqualTo(model());
        assertThat(answer.inputTokens()).isEqualTo(1500);
        assertThat(answer.cachedInputTokens()).isEqualTo(1200);
        assertThat(answer.outputTokens()).isEqualTo(40);
        assertThat(poll.answers().get(id('b')).cachedInputTokens()).isZero();
        assertThat(poll.failures()).containsOnlyKeys(id('c'));
        assertThat(poll.failures().get(id('c'))).contains("max_tokens: too large");
    }

    @Test
    void an_expired_batch_gives_the_answers_it_got_to_and_names_the_rest_as_expired() {
        stubExpired("batch_1", List.of(new Answered(id('a'), "Done in time.", 100, 0, 5)), List.of(id('b')));

        BatchPoll poll = api().poll(batchId("batch_1"), List.of(id('a'), id('b')));

        assertThat(poll.ended()).isTrue();
        assertThat(poll.status()).isEqualTo(expiredStatus());
        assertThat(poll.answers()).containsOnlyKeys(id('a'));
        assertThat(poll.answers().get(id('a')).text()).isEqualTo("Done in time.");
        assertThat(poll.failures()).containsOnlyKeys(id('b'));
        assertThat(poll.failures().get(id('b'))).contains("expired");
    }

    @Test
    void a_rate_limit_on_submit_is_retriable_and_names_provider_endpoint_and_status() {
        server.stubFor(submitEndpoint().willReturn(error(429, "rate limit reached")));

        assertThatThrownBy(() -> api().submit(List.of(new BatchItem(id('a'), repairCall()))))
                .isInstanceOf(RetriableException.class)
                .hasMessageContaining(kind().name().toLowerCase(java.util.Locale.ROOT))
                .hasMessageContaining("POST /v1/")
                .hasMessageContaining("HTTP 429")
                .hasMessageNotContaining("Judge the paper");
    }

    @Test
    void a_server_error_or_a_timeout_while_polling_is_retriable() {
        server.stubFor(pollEndpoint("batch_1").willReturn(error(503, "overloaded")));
        assertThatThrownBy(() -> api().poll(batchId("batch_1"), List.of(id('a'))))
                .isInstanceOf(RetriableException.class)
                .hasMessageContaining("HTTP 503");

        server.stubFor(pollEndpoint("batch_2").willReturn(json(200, "{}").withFixedDelay(1500)));
        BatchApi impatient = BatchApis.forBinding(binding(), Duration.ofMillis(200), MAX_OUTPUT_TOKENS)
                .orElseThrow();
        assertThatThrownBy(() -> impatient.poll(batchId("batch_2"), List.of(id('a'))))
                .isInstanceOf(RetriableException.class)
                .hasMessageContaining("timed out");
    }

    /** The endpoint a poll reads first. */
    abstract MappingBuilder pollEndpoint(String batchId);

    @Test
    void an_invalid_request_or_a_refused_key_is_permanent_and_no_message_holds_the_key() {
        for (int status : List.of(400, 401)) {
            server.stubFor(submitEndpoint().willReturn(error(status, "refused for key " + KEY + " x-api-key: "
                    + KEY)));

            Throwable failure = catchThrowable(() -> api().submit(List.of(new BatchItem(id('a'), repairCall()))));

            assertThat(failure).isInstanceOf(PermanentException.class).hasMessageContaining("HTTP " + status);
            List<String> texts = new ArrayList<>();
            for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
                texts.add(String.valueOf(cause.getMessage()));
            }
            assertThat(texts).allSatisfy(text -> assertThat(text).doesNotContain(KEY, "Judge the paper"));
        }
    }
}
