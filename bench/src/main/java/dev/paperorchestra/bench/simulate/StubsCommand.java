package dev.paperorchestra.bench.simulate;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import dev.paperorchestra.bench.cost.RequestLog;
import dev.paperorchestra.cli.ShutdownLatch;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import org.jspecify.annotations.Nullable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code po stubs} (hidden, for scripts): the simulation's scripted model (OpenAI's and Anthropic's synchronous and
 * batch endpoints) and Semantic Scholar / OpenAlex stub as a process of their own, for agents started as separate
 * JVMs ({@code scripts/prometheus-proof}, {@code scripts/chaos}). Writes the addresses as shell assignments to
 * {@code --env-file} once serving, answers {@code GET CONTROL_URL/counts} with what the stubs were asked ({@link
 * StubCounts}, {@code name=value} lines) and {@code GET CONTROL_URL/repeats} with the requests answered more than
 * once (one per line), takes {@code POST CONTROL_URL/s2/hold}, {@code /s2/release} and {@code /s2/abandon-held} (the
 * Semantic Scholar stub's {@link RequestGate}) and the same under {@code /model/} (the model server's), and serves
 * until it is stopped (TERM), printing the final counts.
 */
@Command(name = "stubs", hidden = true, mixinStandardHelpOptions = true,
        description = "Serve the simulation's scripted model (OpenAI and Anthropic, synchronous and batch) and "
                + "Semantic Scholar/OpenAlex stub until stopped.")
public final class StubsCommand implements Callable<Integer> {

    @Option(names = "--examples", required = true, description = "The examples directory the papers are made from.")
    Path examples;

    @Option(names = "--materials", required = true,
            description = "Where the model-mode papers' materials are generated.")
    Path materials;

    @Option(names = "--papers", defaultValue = "1", description = "Model-mode papers the model can answer for "
            + "(default: ${DEFAULT-VALUE}).")
    int papers;

    @Option(names = "--time-factor", defaultValue = "120",
            description = "Divides model latencies and the 1 s Semantic Scholar spacing (default: ${DEFAULT-VALUE}).")
    double timeFactor;

    @Option(names = "--env-file", required = true,
            description = "Written once serving: MODEL_URL, SCHOLAR_URL, CONTROL_URL, MODEL_PAPERS (id=dir ...), "
                    + "MODEL_PAPER_ID and MODEL_PAPER_MATERIALS (the first paper).")
    Path envFile;

    @Option(names = "--request-log", paramLabel = "FILE",
            description = "Append one JSON line per answered model call to FILE: model, time, prompt tokens and "
                    + "the hash chain of its 128-token chunks (no prompt text, no key); read it with po bench "
                    + "prefix-share. Off unless given.")
    @Nullable Path requestLog;

    @Option(names = "--batch-delay", defaultValue = "PT1M", paramLabel = "DURATION",
            description = "How long a batch (OpenAI Batch, Anthropic Message Batches) takes to end after it is "
                    + "accepted, ISO-8601, divided by --time-factor like the latencies (default: ${DEFAULT-VALUE}).")
    Duration batchDelay;

    @Option(names = "--batch-failures", defaultValue = "0", paramLabel = "FRACTION",
            description = "Share of batch items, 0 to 1, that fail on purpose; which ones follows from each item's "
                    + "custom id, the same on every run (default: ${DEFAULT-VALUE}).")
    double batchFailures;

    @Option(names = "--batch-expire",
            description = "Every batch expires at its end instead of completing: no item is answered, each comes "
                    + "back expired.")
    boolean batchExpire;

    @Override
    public Integer call() throws Exception {
        if (papers < 1 || timeFactor <= 0) {
            System.err.println("po stubs: --papers must be at least 1 and --time-factor positive");
            return 2;
        }
        BatchSettings batches;
        try {
            batches = new BatchSettings(batchDelay, batchFailures, batchExpire);
        } catch (IllegalArgumentException e) {
            System.err.println("po stubs: " + e.getMessage());
            return 2;
        }
        try (ShutdownLatch shutdown = ShutdownLatch.register();
                SimulatedProviders providers = SimulatedProviders.start(examples, materials, papers, timeFactor,
                        batches);
                RequestLog log = requestLog == null ? null : new RequestLog(requestLog)) {
            if (log != null) {
                providers.logRequests(log);
            }
            HttpServer control = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
            control.createContext("/counts", exchange -> send(exchange, lines(providers.counts())));
            control.createContext("/repeats", exchange -> send(exchange, providers.repeats().stream()
                    .map(line -> line + "\n").collect(Collectors.joining())));
            control.createContext("/s2/hold", exchange -> control(exchange, providers.scholarGate()::hold));
            control.createContext("/s2/release", exchange -> control(exchange, providers.scholarGate()::release));
            control.createContext("/s2/abandon-held", exchange -> control(exchange,
                    providers.scholarGate()::abandonHeld));
            control.createContext("/model/hold", exchange -> control(exchange, providers.modelGate()::hold));
            control.createContext("/model/release", exchange -> control(exchange, providers.modelGate()::release));
            control.createContext("/model/abandon-held", exchange -> control(exchange,
                    providers.modelGate()::abandonHeld));
            control.start();
            try {
                writeEnv(providers, "http://127.0.0.1:" + control.getAddress().getPort());
                shutdown.stopRequested().await();
            } finally {
                control.stop(0);
            }
            print(System.out, providers.counts());
        }
        return 0;
    }

    private void writeEnv(SimulatedProviders providers, String controlUrl) throws IOException {
        Map<String, Path> byId = providers.papers();
        Map.Entry<String, Path> first = byId.entrySet().iterator().next();
        String env = "MODEL_URL=" + providers.modelBaseUrl() + "\nSCHOLAR_URL=" + providers.scholarBaseUrl()
                + "\nCONTROL_URL=" + controlUrl
                + "\nMODEL_PAPERS=\"" + byId.entrySet().stream().map(e -> e.getKey() + "=" + e.getValue())
                        .collect(Collectors.joining(" ")) + "\""
                + "\nMODEL_PAPER_ID=" + first.getKey() + "\nMODEL_PAPER_MATERIALS=" + first.getValue() + "\n";
        Path partial = envFile.resolveSibling(envFile.getFileName() + ".partial");
        Files.writeString(partial, env, StandardCharsets.UTF_8);
        // renamed when complete, so a script never reads half a file
        Files.move(partial, envFile, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }

    static String lines(StubCounts counts) {
        return counts.asMap().entrySet().stream().map(e -> e.getKey() + "=" + e.getValue() + "\n")
                .collect(Collectors.joining());
    }

    private static void print(PrintStream out, StubCounts counts) {
        out.print(lines(counts));
        out.flush();
    }

    private static void send(HttpExchange exchange, String body) throws IOException {
        try (exchange) {
            byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().add("Content-Type", "text/plain; charset=utf-8");
            exchange.sendResponseHeaders(200, bytes.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(bytes);
            }
        }
    }

    /** A control action: POST only, answered 204 once done. */
    private static void control(HttpExchange exchange, Runnable action) throws IOException {
        try (exchange) {
            if (!exchange.getRequestMethod().equals("POST")) {
                exchange.sendResponseHeaders(405, -1);
                return;
            }
            action.run();
            exchange.sendResponseHeaders(204, -1);
        }
    }
}
