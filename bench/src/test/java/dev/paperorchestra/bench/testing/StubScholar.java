package dev.paperorchestra.bench.testing;

import com.github.tomakehurst.wiremock.extension.ResponseDefinitionTransformerV2;
import com.github.tomakehurst.wiremock.http.ResponseDefinition;
import com.github.tomakehurst.wiremock.stubbing.ServeEvent;
import dev.paperorchestra.base.json.Json;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicInteger;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;

/**
 * A Semantic Scholar Graph API over a recorded store ({@code {"papers": [...]}} in the API's own record
 * format): title match, title search and the id batch, answering as the real API does, including 404 for a
 * title that matches nothing.
 */
public final class StubScholar implements ResponseDefinitionTransformerV2 {

    public static final String NAME = "stub-scholar";

    private final List<JsonNode> papers = new ArrayList<>();
    private final AtomicInteger requests = new AtomicInteger();

    /** @param recordStores recorded stores, each {@code {"papers": [...]}} */
    public StubScholar(List<String> recordStores) {
        recordStores.forEach(store -> Json.mapper().readTree(store).path("papers").values().forEach(papers::add));
    }

    /** The titles of one recorded store. */
    public static List<String> titles(String recordStore) {
        return Json.mapper().readTree(recordStore).path("papers").valueStream()
                .map(paper -> paper.path("title").asString()).toList();
    }

    public int requests() {
        return requests.get();
    }

    @Override
    public String getName() {
        return NAME;
    }

    @Override
    public boolean applyGlobally() {
        return false;
    }

    @Override
    public ResponseDefinition transform(ServeEvent serveEvent) {
        requests.incrementAndGet();
        var request = serveEvent.getRequest();
        String path = request.getUrl().replaceFirst("\\?.*", "");
        if (path.endsWith("/paper/batch")) {
            ArrayNode answer = Json.mapper().createArrayNode();
            for (JsonNode id : Json.mapper().readTree(request.getBodyAsString()).path("ids").values()) {
                answer.add(byId(id.asString()));
            }
            return json(answer);
        }
        String query = normalise(queryParameter(request.getUrl(), "query"));
        List<JsonNode> found = papers.stream().filter(paper -> normalise(paper.path("title").asString()).equals(query))
                .toList();
        if (path.endsWith("/paper/search/match") && found.isEmpty()) {
            return new ResponseDefinition(404, "{\"error\":\"Title match not found\"}");
        }
        var body = Json.mapper().createObjectNode().put("total", found.size()).put("offset", 0);
        ArrayNode data = body.putArray("data");
        found.forEach(data::add);
        return json(body);
    }

    private JsonNode byId(String id) {
        String wanted = id.toLowerCase(Locale.ROOT);
        for (JsonNode paper : papers) {
            JsonNode ids = paper.path("externalIds");
            if (wanted.equals("doi:" + ids.path("DOI").asString("").toLowerCase(Locale.ROOT))
                    || wanted.equals("arxiv:" + ids.path("ArXiv").asString("").toLowerCase(Locale.ROOT))) {
                return paper;
            }
        }
        return Json.mapper().nullNode();
    }

    private static String queryParameter(String url, String name) {
        int start = url.indexOf('?');
        if (start < 0) {
            return "";
        }
        for (String pair : url.substring(start + 1).split("&")) {
            if (pair.startsWith(name + "=")) {
                return URLDecoder.decode(pair.substring(name.length() + 1), StandardCharsets.UTF_8);
            }
        }
        return "";
    }

    private static String normalise(String title) {
        return title.toLowerCase(Locale.ROOT).replaceAll("[^\\p{L}\\p{N}]+", " ").strip();
    }

    private static ResponseDefinition json(Object body) {
        return com.github.tomakehurst.wiremock.client.ResponseDefinitionBuilder.responseDefinition().withStatus(200)
                .withHeader("Content-Type", "application/json").withBody(body.toString()).build();
    }
}
