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
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Collectors;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Semantic Scholar's Graph API and OpenAlex's works search over one shared corpus, on one local port.
 * Semantic Scholar: {@code POST /graph/v1/paper/batch} (ids in the body, {@code fields} as query parameter, at
 * most 500 ids), {@code GET /graph/v1/paper/search/match} (404 when nothing matches), {@code /paper/search}
 * and {@code /paper/search/bulk} (up to 1,000 records); any request arriving closer than the spacing to the
 * previous one is answered 429 without {@code Retry-After}, as the real service does. OpenAlex:
 * {@code GET /works?search=} with the boolean OR of quoted phrases.
 */
final class SimulatedScholarServer implements AutoCloseable {

    private final HttpServer server;
    private final ScholarCorpus corpus;
    private final long spacingNanos;
    private final AtomicLong s2Requests = new AtomicLong();
    private final AtomicLong s2Throttled = new AtomicLong();
    private final AtomicLong openAlexRequests = new AtomicLong();
    private final RequestLedger s2Answers = new RequestLedger();
    private final RequestLedger openAlexAnswers = new RequestLedger();
    private final RequestGate s2Gate = new RequestGate();
    private long lastArrival = Long.MIN_VALUE;

    SimulatedScholarServer(ScholarCorpus corpus, Duration spacing) throws IOException {
        this.corpus = corpus;
        this.spacingNanos = spacing.toNanos();
        this.server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/graph/v1/", this::semanticScholar);
        server.createContext("/works", this::openAlex);
        server.setExecutor(Executors.newVirtualThreadPerTaskExecutor());
        server.start();
    }

    String baseUrl() {
        return "http://127.0.0.1:" + server.getAddress().getPort();
    }

    long s2Requests() {
        return s2Requests.get();
    }

    long s2Throttled() {
        return s2Throttled.get();
    }

    long openAlexRequests() {
        return openAlexRequests.get();
    }

    /** Semantic Scholar look-ups answered (429s are not), by method, URL and body. */
    RequestLedger s2Answers() {
        return s2Answers;
    }

    /**
     * The hold point Semantic Scholar requests pass before they are counted and answered, so a script can stop
     * the verifier with no look-up half-delivered (see {@link RequestGate}).
     */
    RequestGate s2Gate() {
        return s2Gate;
    }

    /** OpenAlex searches answered, by URL. */
    RequestLedger openAlexAnswers() {
        return openAlexAnswers;
    }

    private boolean tooSoon() {
        long now = System.nanoTime();
        synchronized (this) {
            boolean tooSoon = lastArrival != Long.MIN_VALUE && now - lastArrival < spacingNanos;
            lastArrival = now;
            return tooSoon;
        }
    }

    private void semanticScholar(HttpExchange exchange) throws IOException {
        try (exchange) {
            if (!s2Gate.pass()) {
                exchange.sendResponseHeaders(RequestGate.ABANDONED, -1);
                return;
            }
            s2Requests.incrementAndGet();
            if (tooSoon()) {
                s2Throttled.incrementAndGet();
                send(exchange, 429, "{\"message\":\"Too Many Requests. Please wait and try again or apply for a key "
                        + "for higher rate limits.\",\"code\":\"429\"}");
                return;
            }
            String path = exchange.getRequestURI().getPath().replaceAll("/+$", "");
            Map<String, String> query = query(exchange.getRequestURI().getRawQuery());
            byte[] body;
            try (InputStream in = exchange.getRequestBody()) {
                body = in.readAllBytes();
            }
            s2Answers.answered(exchange.getRequestMethod(), exchange.getRequestURI().toString(), body);
            switch (path) {
                case "/graph/v1/paper/batch" -> batch(exchange, query, body);
                case "/graph/v1/paper/search/match" -> match(exchange, query.getOrDefault("query", ""));
                case "/graph/v1/paper/search" -> list(exchange, corpus.search(query.getOrDefault("query", ""), 100),
                        Math.min(100, intParam(query, "limit", 10)), false);
                case "/graph/v1/paper/search/bulk" -> list(exchange, corpus.search(query.getOrDefault("query", ""),
                        1000), 1000, true);
                default -> send(exchange, 404, "{\"error\":\"Not found\"}");
            }
        }
    }

    private void batch(HttpExchange exchange, Map<String, String> query, byte[] body) throws IOException {
        if (!exchange.getRequestMethod().equals("POST") || !query.containsKey("fields")) {
            send(exchange, 400, "{\"error\":\"POST the ids with fields as a query parameter\"}");
            return;
        }
        JsonNode ids = Json.mapper().readTree(body).path("ids");
        if (ids.size() > 500) {
            send(exchange, 400, "{\"error\":\"-ids- must contain at most 500 items\"}");
            return;
        }
        ArrayNode answer = Json.mapper().createArrayNode();
        ids.values().forEach(id -> answer.add(corpus.byId(id.asString()).orElse(null)));
        send(exchange, 200, answer.toString());
    }

    private void match(HttpExchange exchange, String title) throws IOException {
        List<JsonNode> found = corpus.matchTitle(title);
        if (found.isEmpty()) {
            send(exchange, 404, "{\"error\":\"Title match not found\"}");
            return;
        }
        ObjectNode body = Json.mapper().createObjectNode();
        body.putArray("data").add(found.getFirst());
        send(exchange, 200, body.toString());
    }

    private void list(HttpExchange exchange, List<JsonNode> found, int limit, boolean bulk) throws IOException {
        ObjectNode body = Json.mapper().createObjectNode().put("total", found.size());
        if (!bulk) {
            body.put("offset", 0);
        }
        ArrayNode data = body.putArray("data");
        found.stream().limit(limit).forEach(data::add);
        send(exchange, 200, body.toString());
    }

    private void openAlex(HttpExchange exchange) throws IOException {
        try (exchange) {
            openAlexRequests.incrementAndGet();
            openAlexAnswers.answered(exchange.getRequestMethod(), exchange.getRequestURI().toString(), new byte[0]);
            Map<String, String> query = query(exchange.getRequestURI().getRawQuery());
            int perPage = intParam(query, "per-page", 25);
            ObjectNode body = Json.mapper().createObjectNode();
            ArrayNode results = body.putArray("results");
            corpus.search(query.getOrDefault("search", ""), perPage).forEach(paper -> results.add(work(paper)));
            body.putObject("meta").put("count", results.size());
            send(exchange, 200, body.toString());
        }
    }

    /** A corpus paper as an OpenAlex work: arXiv preprints carry their DataCite DOI. */
    private static ObjectNode work(JsonNode paper) {
        ObjectNode work = Json.mapper().createObjectNode().put("id", "https://openalex.org/W" + Math.abs(
                paper.path("paperId").asString().hashCode())).put("display_name", paper.path("title").asString());
        if (paper.path("year").isIntegralNumber()) {
            work.put("publication_year", paper.path("year").intValue());
        }
        JsonNode ids = paper.path("externalIds");
        if (ids.path("DOI").isString()) {
            work.put("doi", "https://doi.org/" + ids.path("DOI").asString());
        } else if (ids.path("ArXiv").isString()) {
            work.put("doi", "https://doi.org/10.48550/arXiv." + ids.path("ArXiv").asString());
        } else {
            work.putNull("doi");
        }
        return work;
    }

    private static Map<String, String> query(@org.jspecify.annotations.Nullable String raw) {
        return StubReplies.query(raw);
    }

    private static int intParam(Map<String, String> query, String name, int fallback) {
        try {
            return Integer.parseInt(query.getOrDefault(name, String.valueOf(fallback)));
        } catch (NumberFormatException e) {
            return fallback;
        }
    }

    private static void send(HttpExchange exchange, int status, String body) throws IOException {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().add("Content-Type", "application/json");
        exchange.sendResponseHeaders(status, bytes.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(bytes);
        }
    }

    @Override
    public void close() {
        server.stop(0);
    }

    /** Words of a keyword query, for matching: the phrases of an OR query, lower case. */
    static Set<String> words(String text) {
        return List.of(text.toLowerCase(Locale.ROOT).replaceAll("\\bor\\b", " ").split("[^\\p{L}\\p{N}]+")).stream()
                .filter(word -> word.length() > 2).collect(Collectors.toCollection(java.util.LinkedHashSet::new));
    }

    static List<JsonNode> ranked(List<JsonNode> papers, String text, int limit) {
        Set<String> wanted = words(text);
        List<Map.Entry<JsonNode, Long>> scored = new ArrayList<>();
        for (JsonNode paper : papers) {
            Set<String> have = words(paper.path("title").asString() + " " + paper.path("abstract").asString(""));
            long hits = wanted.stream().filter(have::contains).count();
            if (hits > 0) {
                scored.add(Map.entry(paper, hits));
            }
        }
        scored.sort(Map.Entry.<JsonNode, Long>comparingByValue().reversed());
        return scored.stream().limit(limit).map(Map.Entry::getKey).toList();
    }
}
