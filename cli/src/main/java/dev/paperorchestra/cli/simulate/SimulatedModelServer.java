package dev.paperorchestra.cli.simulate;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import dev.paperorchestra.runtime.json.Json;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.Executors;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicLong;
import tools.jackson.databind.JsonNode;

/**
 * An OpenAI-compatible {@code POST /v1/chat/completions} in this JVM: {@link ScriptedModel}'s answer after a
 * latency drawn for the step ({@link ModelLatencies}) and divided by the time factor, with at most
 * {@code concurrency} requests being answered at once (the provider's capacity; further requests queue, as
 * at a provider's rate limit).
 */
final class SimulatedModelServer implements AutoCloseable {

    private final HttpServer server;
    private final ScriptedModel model;
    private final ModelLatencies latencies;
    private final double timeFactor;
    private final Semaphore capacity;
    private final Random random;
    private final AtomicLong modelMillis = new AtomicLong();

    SimulatedModelServer(ScriptedModel model, ModelLatencies latencies, double timeFactor, int concurrency, long seed)
            throws IOException {
        this.model = model;
        this.latencies = latencies;
        this.timeFactor = timeFactor;
        this.capacity = new Semaphore(concurrency, true);
        this.random = new Random(seed);
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

    private void handle(HttpExchange exchange) throws IOException {
        try (exchange; InputStream in = exchange.getRequestBody()) {
            JsonNode request = Json.mapper().readTree(new String(in.readAllBytes(), StandardCharsets.UTF_8));
            String step = ScriptedModel.step(request);
            Duration latency;
            synchronized (random) {
                latency = latencies.draw(step, random);
            }
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
            exchange.getResponseHeaders().add("Content-Type", "application/json");
            exchange.sendResponseHeaders(200, body.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(body);
            }
        }
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
