package dev.paperorchestra.literature.verify.s2;

import static com.github.tomakehurst.wiremock.client.WireMock.any;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathMatching;
import static com.github.tomakehurst.wiremock.core.WireMockConfiguration.options;

import com.github.tomakehurst.wiremock.WireMockServer;
import com.github.tomakehurst.wiremock.client.ResponseDefinitionBuilder;
import com.github.tomakehurst.wiremock.extension.ResponseDefinitionTransformerV2;
import com.github.tomakehurst.wiremock.extension.requestfilter.RequestFilterAction;
import com.github.tomakehurst.wiremock.extension.requestfilter.StubRequestFilterV2;
import com.github.tomakehurst.wiremock.http.Request;
import com.github.tomakehurst.wiremock.http.ResponseDefinition;
import com.github.tomakehurst.wiremock.stubbing.ServeEvent;
import dev.paperorchestra.literature.replay.SemanticScholarJson;
import dev.paperorchestra.literature.verify.TitleSimilarity;
import dev.paperorchestra.base.json.Json;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CopyOnWriteArrayList;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * A local Semantic Scholar Graph API (batch, title match, search, bulk search) over recorded paper objects, which
 * enforces a rate limit the way the service does: any request arriving less than {@code spacing} after the
 * previous one is answered 429. It logs every arrival so tests can check the spacing the client kept.
 */
public final class SemanticScholarStub implements AutoCloseable {

    private static final double MATCH_FLOOR = 50.0;
    /** Records per bulk search answer, as Semantic Scholar pages them. */
    private static final int BULK_PAGE = 1000;

    private final WireMockServer server;
    private final List<JsonNode> papers = new ArrayList<>();
    private final List<Arrival> arrivals = new CopyOnWriteArrayList<>();
    private final long spacingNanos;
    private long lastArrival = Long.MIN_VALUE;
    /** While not 0, every request is answered with this status: a sustained outage of the service. */
    private volatile int outageStatus;

    /** One request as the stub saw it: when (System.nanoTime), where, and whether it was throttled. */
    public record Arrival(long nanos, String method, String path, int status) {
    }

    public SemanticScholarStub(Duration spacing, List<Path> recordFiles) throws IOException {
        this.spacingNanos = spacing.toNanos();
        for (Path file : recordFiles) {
            papers.addAll(SemanticScholarJson.papersOf(Json.mapper().readTree(Files.readString(file))));
        }
        server = new WireMockServer(options().dynamicPort().extensions(new Throttle(), new Answers()));
        server.start();
        server.stubFor(any(urlPathMatching("/graph/v1/.*"))
                .willReturn(ResponseDefinitionBuilder.responseDefinition().withTransformers("s2-answers")));
    }

    public String baseUrl() {
        return server.baseUrl();
    }

    public WireMockServer server() {
        return server;
    }

    public List<Arrival> arrivals() {
        return List.copyOf(arrivals);
    }

    /** From now on every request is answered {@code status} (503, 500, ...) until {@link #recover}. */
    public void outage(int status) {
        outageStatus = status;
    }

    /** The service answers again. */
    public void recover() {
        outageStatus = 0;
    }

    public long throttled() {
        return arrivals.stream().filter(arrival -> arrival.status() == 429).count();
    }

    /** The shortest gap between two consecutive arrivals, or null with fewer than two. */
    public Duration shortestGap() {
        List<Arrival> all = arrivals();
        Duration shortest = null;
        for (int i = 1; i < all.size(); i++) {
            Duration gap = Duration.ofNanos(all.get(i).nanos() - all.get(i - 1).nanos());
            shortest = shortest == null || gap.compareTo(shortest) < 0 ? gap : shortest;
        }
        return shortest;
    }

    @Override
    public void close() {
        server.stop();
    }

    private final class Throttle implements StubRequestFilterV2 {

        @Override
        public String getName() {
            return "s2-throttle";
        }

        @Override
        public RequestFilterAction filter(Request request, ServeEvent serveEvent) {
            synchronized (SemanticScholarStub.this) {
                long now = System.nanoTime();
                boolean tooSoon = lastArrival != Long.MIN_VALUE && now - lastArrival < spacingNanos;
                lastArrival = now;
                String path = request.getUrl().replaceFirst("\\?.*", "");
                int down = outageStatus;
                if (down != 0) {
                    arrivals.add(new Arrival(now, request.getMethod().getName(), path, down));
                    return RequestFilterAction.stopWith(ResponseDefinitionBuilder.responseDefinition()
                            .withStatus(down).withHeader("Content-Type", "application/json")
                            .withBody("{\"message\":\"Service Unavailable\"}").build());
                }
                arrivals.add(new Arrival(now, request.getMethod().getName(), path, tooSoon ? 429 : 200));
                if (tooSoon) {
                    return RequestFilterAction.stopWith(ResponseDefinitionBuilder.responseDefinition()
                            .withStatus(429).withHeader("Content-Type", "application/json")
                            .withBody("{\"message\":\"Too Many Requests\",\"code\":\"429\"}").build());
                }
                return RequestFilterAction.continueWith(request);
            }
        }
    }

    private final class Answers implements ResponseDefinitionTransformerV2 {

        @Override
        public String getName() {
            return "s2-answers";
        }

        @Override
        public boolean applyGlobally() {
            return false;
        }

        @Override
        public ResponseDefinition transform(ServeEvent serveEvent) {
            Request request = serveEvent.getRequest();
            String path = request.getUrl().replaceFirst("\\?.*", "");
            return switch (path) {
                case "/graph/v1/paper/batch" -> json(200, batch(Json.mapper().readTree(request.getBodyAsString())));
                case "/graph/v1/paper/search/match" -> match(request.queryParameter("query").firstValue());
                case "/graph/v1/paper/search" -> json(200, search(request.queryParameter("query").firstValue()));
                case "/graph/v1/paper/search/bulk" -> json(200, bulk(request));
                default -> json(404, Json.mapper().createObjectNode().put("error", "unknown path " + path));
            };
        }

        private JsonNode batch(JsonNode body) {
            ArrayNode answer = Json.mapper().createArrayNode();
            for (JsonNode id : body.path("ids").values()) {
                answer.add(papers.stream().filter(paper -> hasId(paper, id.stringValue())).findFirst()
                        .orElse(null));
            }
            return answer;
        }

        private ResponseDefinition match(String query) {
            return ranked(query).stream().findFirst()
                    .map(best -> json(200, Json.mapper().createObjectNode().set("data",
                            Json.mapper().createArrayNode().add(best))))
                    .orElseGet(() -> json(404, Json.mapper().createObjectNode().put("error", "Title match not found")));
        }

        private JsonNode search(String query) {
            List<JsonNode> found = ranked(query).stream().limit(5).toList();
            ObjectNode answer = Json.mapper().createObjectNode().put("total", found.size()).put("offset", 0);
            found.forEach(answer.withArray("data")::add);
            return answer;
        }

        /**
         * The bulk search: papers whose title or abstract holds any {@code |}-separated phrase, up to the
         * {@code year=-YYYY} bound, most cited first, {@value #BULK_PAGE} a page, continued by {@code token}.
         */
        private JsonNode bulk(Request request) {
            List<String> phrases = Arrays.stream(request.queryParameter("query").firstValue().split("\\|"))
                    .map(phrase -> phrase.replace("\"", "").strip().toLowerCase(Locale.ROOT))
                    .filter(phrase -> !phrase.isEmpty()).toList();
            String year = request.queryParameter("year").isPresent() ? request.queryParameter("year").firstValue()
                    : "";
            int until = year.startsWith("-") ? Integer.parseInt(year.substring(1)) : Integer.MAX_VALUE;
            int from = request.queryParameter("token").isPresent()
                    ? Integer.parseInt(request.queryParameter("token").firstValue()) : 0;
            List<JsonNode> found = papers.stream()
                    .filter(paper -> paper.path("year").asInt(Integer.MAX_VALUE) <= until)
                    .filter(paper -> phrases.stream().anyMatch(phrase -> (paper.path("title").asString("") + " "
                            + paper.path("abstract").asString("")).toLowerCase(Locale.ROOT).contains(phrase)))
                    .sorted(Comparator.comparingInt((JsonNode paper) -> paper.path("citationCount").asInt(0))
                            .reversed())
                    .toList();
            ObjectNode answer = Json.mapper().createObjectNode().put("total", found.size());
            if (from + BULK_PAGE < found.size()) {
                answer.put("token", String.valueOf(from + BULK_PAGE));
            }
            found.subList(Math.min(from, found.size()), Math.min(from + BULK_PAGE, found.size()))
                    .forEach(answer.withArray("data")::add);
            return answer;
        }

        private List<JsonNode> ranked(String query) {
            return papers.stream()
                    .filter(paper -> TitleSimilarity.ratio(query, paper.path("title").stringValue()) >= MATCH_FLOOR)
                    .sorted(Comparator.comparingDouble((JsonNode paper) ->
                            TitleSimilarity.ratio(query, paper.path("title").stringValue())).reversed())
                    .toList();
        }

        /** Ids as the batch endpoint reads them: {@code DOI:...}, {@code ARXIV:...} or a bare paperId. */
        private static boolean hasId(JsonNode paper, String id) {
            int colon = id.indexOf(':');
            if (colon < 0) {
                return id.equals(paper.path("paperId").stringValue());
            }
            String field = switch (id.substring(0, colon).toUpperCase(Locale.ROOT)) {
                case "DOI" -> "DOI";
                case "ARXIV" -> "ArXiv";
                default -> "";
            };
            JsonNode value = paper.path("externalIds").path(field);
            return value.isString() && value.stringValue().equalsIgnoreCase(id.substring(colon + 1));
        }

        private static ResponseDefinition json(int status, JsonNode body) {
            return ResponseDefinitionBuilder.responseDefinition().withStatus(status)
                    .withHeader("Content-Type", "application/json").withBody(Json.mapper().writeValueAsString(body))
                    .build();
        }
    }
}
