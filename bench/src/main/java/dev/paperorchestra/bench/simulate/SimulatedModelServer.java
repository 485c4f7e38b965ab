package dev.paperorchestra.bench.simulate;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import dev.paperorchestra.base.json.Json;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import tools.jackson.databind.JsonNode;

/**
 * An OpenAI-compatible {@code POST /v1/chat/completions} in this JVM: {@link ScriptedModel}'s answer after a
 * latency drawn from the step's own seeded sequence ({@link ModelLatencies#draws(long)}) and divided by the time
 * factor, with at most {@code concurrency} requests being answered at once (the provider's capacity; further
 * requests queue, as at a provider's rate limit). Every answer is recorded by request body, so a paid call made
 * twice shows; while its {@link #gate() gate} is held, requests wait unanswered, so a test can stop the caller
 * with no answer half-delivered.
 */
final class SimulatedModelServer implements AutoCloseable {

    private final HttpServer server;
    private final ScriptedModel model;
    private final double timeFactor;
    private final Semaphore capacity;
    private final ModelLatencies.Draws draws;
    private final AtomicLong modelMillis = new AtomicLong();
    private final RequestLedger ledger = new RequestLedger();
    private final AtomicInteger inFlight = new AtomicInteger();
    private final RequestGate gate = new RequestGate();

    SimulatedModelServer(ScriptedModel model, ModelLatencies latencies, double timeFactor, int concurrency, long seed)
            throws IOException {
        this.model = model;
        this.timeFactor = timeFactor;
        this.capacity = new Semaphore(concurrency, true);
        this.draws = latencies.draws(seed);
        this.server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/v1/chat/completions", this::handle);
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

    private void handle(HttpExchange exchange) throws IOException {
        try (exchange; InputStream in = exchange.getRequestBody()) {
            byte[] raw = in.readAllBytes();
            if (!gate.pass()) {
                exchange.sendResponseHeaders(RequestGate.ABANDONED, -1);
                return;
            }
            inFlight.incrementAndGet();
            try {
                answer(exchange, raw);
            } finally {
                inFlight.decrementAndGet();
            }
        }
    }

    private void answer(HttpExchange exchange, byte[] raw) throws IOException {
        JsonNode request = Json.mapper().readTree(new String(raw, StandardCharsets.UTF_8));
        String step = ScriptedModel.step(request);
        Duration latency = draws.next(step);
        long compressed = Math.round(latency.toMillis() / timeFactor);
        capacity.acquireUninterruptibly();
        byte[] body;
        try {
            Thread.sleep(compressed);
            body = model.answer(request).toString().getBytes(StandardCharsets.UTF_8);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            exchange.sendResponseHeaders(503, -1);
            return;
        } finally {
            capacity.release();
        }
        modelMillis.addAndGet(compressed);
        // counted before it is sent, as a provider bills it: a caller that has the answer always finds it counted
        ledger.answered(exchange.getRequestMethod(), exchange.getRequestURI().toString(), raw);
        exchange.getResponseHeaders().add("Content-Type", "application/json");
        exchange.sendResponseHeaders(200, body.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(body);
        }
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
