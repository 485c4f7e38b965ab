package dev.paperorchestra.bench.simulate;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpHandler;
import dev.paperorchestra.bench.cost.BilledCall;
import dev.paperorchestra.bench.cost.BreakpointCache;
import dev.paperorchestra.bench.cost.PrefixCache;
import dev.paperorchestra.bench.cost.PromptChunks;
import dev.paperorchestra.bench.cost.RequestLog;
import com.sun.net.httpserver.HttpServer;
import dev.paperorchestra.base.json.Json;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.time.InstantSource;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Executors;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * An OpenAI-compatible {@code POST /v1/chat/completions} (and Anthropic's {@code POST /v1/messages}) in this JVM:
 * {@link ScriptedModel}'s answer after a latency drawn from the step's own seeded sequence ({@link
 * ModelLatencies#draws(long)}) and divided by the time factor, with at most {@code concurrency} requests being
 * answered at once (the provider's capacity; further requests queue, as at a provider's rate limit). Every answer is
 * recorded by request body, so a paid call made twice shows; while its {@link #gate() gate} is held, requests wait
 * unanswered, so a test can stop the caller with no answer half-delivered.
 *
 * <p>It bills prompt-cache reads as the providers document them: an OpenAI answer carries
 * {@code usage.prompt_tokens_details.cached_tokens} (the prompt's start, in 128-token chunks, that an earlier
 * request of the same model sent, from 1,024 tokens; {@link PrefixCache}), and {@code POST /v1/messages}
 * (Anthropic's Messages API) answers with {@code cache_read_input_tokens} and {@code cache_creation_input_tokens}
 * for the blocks marked {@code cache_control} ({@link BreakpointCache}). Tokens are four characters each.
 * With a {@link #logRequests request log} it appends one line per answered call (model, time, chunk hashes).
 *
 * <p>It also takes batches: OpenAI's Batch API with its Files API ({@link OpenAiBatches}) and Anthropic's Message
 * Batches ({@link AnthropicBatches}). Each item is answered, billed and recorded as the synchronous call with the
 * same body would be, once, when its batch ends ({@link BatchSettings}: the delay, the items that fail on purpose,
 * expiry); {@link BilledCall#batch()} tells the two apart.
 */
final class SimulatedModelServer implements AutoCloseable {

    private static final String CHAT = "/v1/chat/completions";
    private static final String MESSAGES = "/v1/messages";

    /** One endpoint's work on a request that passed the gate, its body read. */
    @FunctionalInterface
    private interface Endpoint {
        void serve(HttpExchange exchange, byte[] body) throws IOException;
    }

    private final HttpServer server;
    private final ScriptedModel model;
    private final double timeFactor;
    private final Semaphore capacity;
    private final ModelLatencies.Draws draws;
    private final AtomicLong modelMillis = new AtomicLong();
    private final RequestLedger ledger = new RequestLedger();
    private final AtomicInteger inFlight = new AtomicInteger();
    private final RequestGate gate = new RequestGate();
    private final PrefixCache prefixes = new PrefixCache();
    private final BreakpointCache breakpoints = new BreakpointCache();
    private final ConcurrentLinkedQueue<BilledCall> billed = new ConcurrentLinkedQueue<>();
    private final AtomicLong synchronousAnswers = new AtomicLong();
    private final BatchWork batchWork;
    private volatile @Nullable RequestLog requestLog;

    SimulatedModelServer(ScriptedModel model, ModelLatencies latencies, double timeFactor, int concurrency, long seed)
            throws IOException {
        this(model, latencies, timeFactor, concurrency, seed, BatchSettings.defaults(), InstantSource.system());
    }

    /** With the batch endpoints as {@code batches} says, their batches ending by {@code clock}. */
    SimulatedModelServer(ScriptedModel model, ModelLatencies latencies, double timeFactor, int concurrency, long seed,
            BatchSettings batches, InstantSource clock) throws IOException {
        this.model = model;
        this.timeFactor = timeFactor;
        this.capacity = new Semaphore(concurrency, true);
        this.draws = latencies.draws(seed);
        this.batchWork = new BatchWork(batches, timeFactor, seed, clock, this::answerBatchItem);
        this.server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        OpenAiBatches openAi = new OpenAiBatches(batchWork);
        AnthropicBatches anthropic = new AnthropicBatches(batchWork, baseUrl());
        server.createContext(CHAT, guarded((exchange, raw) -> answer(exchange, raw, false)));
        server.createContext(MESSAGES, guarded((exchange, raw) -> answer(exchange, raw, true)));
        server.createContext("/v1/files", guarded(openAi::files));
        server.createContext("/v1/batches", guarded(openAi::batches));
        // contexts match by longest prefix: without its own, a batch request would go to /v1/messages
        server.createContext(AnthropicBatches.PATH, guarded(anthropic::serve));
        server.setExecutor(Executors.newVirtualThreadPerTaskExecutor());
        server.start();
    }

    String baseUrl() {
        return "http://127.0.0.1:" + server.getAddress().getPort() + "/v1";
    }

    /** Compressed model time spent answering, in total. */
    Duration modelTime() {
        return Duration.ofMillis(modelMillis.get());
    }

    /** Requests answered per step. */
    Map<String, Integer> requests() {
        return model.requests();
    }

    /** Answers recorded by request body. */
    RequestLedger ledger() {
        return ledger;
    }

    /** Requests past the hold and not yet answered. */
    int inFlight() {
        return inFlight.get();
    }

    /** The hold point requests pass before they are answered (see {@link RequestGate}). */
    RequestGate gate() {
        return gate;
    }

    /** Appends every answered call to {@code log} from now on (off until called). */
    void logRequests(RequestLog log) {
        this.requestLog = log;
    }

    /** Every call answered so far, as billed: input, cached input and output tokens. */
    List<BilledCall> billed() {
        return new ArrayList<>(billed);
    }

    /** Synchronous calls answered. */
    long synchronousAnswers() {
        return synchronousAnswers.get();
    }

    /** The batch endpoints' counts: batches accepted, items answered, failed on purpose and expired. */
    BatchWork batches() {
        return batchWork;
    }

    /** Every endpoint passes the gate first: a held batch request can be a test's kill point too. */
    private HttpHandler guarded(Endpoint endpoint) {
        return exchange -> {
            try (exchange; InputStream in = exchange.getRequestBody()) {
                byte[] raw = in.readAllBytes();
                if (!gate.pass()) {
                    exchange.sendResponseHeaders(RequestGate.ABANDONED, -1);
                    return;
                }
                inFlight.incrementAndGet();
                try {
                    endpoint.serve(exchange, raw);
                } finally {
                    inFlight.decrementAndGet();
                }
            }
        };
    }

    private void answer(HttpExchange exchange, byte[] raw, boolean anthropic) throws IOException {
        JsonNode sent = Json.mapper().readTree(new String(raw, StandardCharsets.UTF_8));
        String step = ScriptedModel.step(anthropic ? AnthropicMessages.asChat(sent) : sent);
        Duration latency = draws.next(step);
        long compressed = Math.round(latency.toMillis() / timeFactor);
        capacity.acquireUninterruptibly();
        ObjectNode body;
        try {
            Thread.sleep(compressed);
            body = answerAndBill(sent, anthropic, false);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            exchange.sendResponseHeaders(503, -1);
            return;
        } finally {
            capacity.release();
        }
        modelMillis.addAndGet(compressed);
        synchronousAnswers.incrementAndGet();
        StubReplies.json(exchange, 200, body);
    }

    /** A batch item: answered and billed as the synchronous call with the same body, at no latency of its own. */
    private ObjectNode answerBatchItem(JsonNode sent, boolean anthropic) {
        return answerAndBill(sent, anthropic, true);
    }

    /**
     * The scripted answer in the provider's format, billed and recorded: in the ledger under the synchronous
     * endpoint and the body's JSON (so an item answered in a batch and again synchronously is a repeat), in
     * {@link #billed()} and in the request log. Counted before it is sent, as a provider bills it: a caller that
     * has the answer always finds it counted.
     */
    private ObjectNode answerAndBill(JsonNode sent, boolean anthropic, boolean batch) {
        JsonNode request = anthropic ? AnthropicMessages.asChat(sent) : sent;
        String step = ScriptedModel.step(request);
        ObjectNode completion = model.answer(request);
        ObjectNode body = anthropic ? billMessage(AnthropicMessages.toMessage(completion), sent, step, batch)
                : billChat(completion, request, step, batch);
        ledger.answered("POST", anthropic ? MESSAGES : CHAT, sent.toString().getBytes(StandardCharsets.UTF_8));
        return body;
    }

    /** Sets a chat completion's cached tokens by the prefix model, and records the call. */
    private ObjectNode billChat(ObjectNode completion, JsonNode request, String step, boolean batch) {
        String modelName = request.path("model").asString();
        StringBuilder prompt = new StringBuilder();
        request.path("messages").values().forEach(message -> prompt.append(AnthropicMessages.text(
                message.path("content"))));
        PromptChunks chunks = PromptChunks.of(prompt.toString());
        ObjectNode usage = (ObjectNode) completion.path("usage");
        long input = usage.path("prompt_tokens").asLong();
        long cached = Math.min(input, prefixes.cachedTokens(modelName, chunks));
        usage.putObject("prompt_tokens_details").put("cached_tokens", cached);
        record(modelName, step, chunks, new BilledCall(modelName, input, cached, usage.path("completion_tokens")
                .asLong(), batch));
        return completion;
    }

    /**
     * Sets a Messages answer's cache reads and writes by the breakpoint model: {@code input_tokens} is what was
     * neither read nor written, as Anthropic reports it.
     */
    private ObjectNode billMessage(ObjectNode message, JsonNode request, String step, boolean batch) {
        String modelName = request.path("model").asString();
        AnthropicMessages.Prompt prompt = AnthropicMessages.prompt(request);
        BreakpointCache.Use use = breakpoints.use(modelName, prompt.text(), prompt.breakpoints());
        long total = prompt.text().length() / PromptChunks.CHARS_PER_TOKEN;
        ObjectNode usage = (ObjectNode) message.path("usage");
        usage.put("input_tokens", Math.max(0, total - use.read() - use.written()))
                .put("cache_read_input_tokens", use.read()).put("cache_creation_input_tokens", use.written());
        PromptChunks chunks = PromptChunks.of(prompt.text());
        prefixes.shared(modelName, chunks);
        record(modelName, step, chunks, new BilledCall(modelName, total, use.read(), use.written(),
                usage.path("output_tokens").asLong(), batch));
        return message;
    }

    private void record(String modelName, String step, PromptChunks chunks, BilledCall call) {
        billed.add(call);
        RequestLog log = requestLog;
        if (log != null) {
            log.append(modelName, step, Instant.now(), chunks);
        }
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
