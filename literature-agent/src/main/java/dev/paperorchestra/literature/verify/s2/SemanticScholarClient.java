package dev.paperorchestra.literature.verify.s2;

import dev.paperorchestra.literature.replay.SemanticScholarJson;
import dev.paperorchestra.literature.scholarly.PacedHttp;
import dev.paperorchestra.literature.scholarly.RequestSpacer;
import dev.paperorchestra.literature.scholarly.ServiceUnavailableException;
import dev.paperorchestra.literature.verify.ScholarSource;
import dev.paperorchestra.literature.verify.TitleSimilarity;
import dev.paperorchestra.base.errors.PermanentException;
import dev.paperorchestra.base.errors.RetriableException;
import dev.paperorchestra.base.http.Sleeper;
import dev.paperorchestra.base.json.Json;
import dev.paperorchestra.base.redaction.Redaction;
import dev.paperorchestra.schemas.ScholarRecord;
import io.micrometer.core.instrument.MeterRegistry;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.jspecify.annotations.Nullable;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Semantic Scholar's Graph API: {@code POST /graph/v1/paper/batch} for DOIs and arXiv ids (up to 500 per
 * request), {@code GET /graph/v1/paper/search/match} for a title, falling back to
 * {@code GET /graph/v1/paper/search} when the match endpoint finds nothing, and {@code GET
 * /graph/v1/paper/search/bulk} for the keyword searches discovery hands to the verifier. Every request waits for the
 * spacer; 429 and 5xx answers and transport failures are retried on the calling thread (re-queueing would
 * break the spacing) with exponential back-off that honours {@code Retry-After}.
 */
public final class SemanticScholarClient implements ScholarSource {

    public static final String NAME = "semantic-scholar";
    static final String FIELDS = "paperId,title,abstract,year,venue,publicationDate,citationCount,authors,externalIds";
    static final String GRAPH_V1 = "/graph/v1";
    private static final String PUBLIC_ROOT = "https://api.semanticscholar.org";
    static final String BATCH = "/graph/v1/paper/batch";
    static final String MATCH = "/graph/v1/paper/search/match";
    static final String SEARCH = "/graph/v1/paper/search";
    static final String BULK = "/graph/v1/paper/search/bulk";
    /** Most-cited first: the bulk search does not rank by relevance, and discovery wants the works a field cites. */
    static final String BULK_SORT = "citationCount:desc";
    private static final int SEARCH_LIMIT = 5;

    private final SemanticScholarSettings settings;
    private final String base;
    private final PacedHttp http;

    public SemanticScholarClient(SemanticScholarSettings settings, RequestSpacer spacer, Sleeper sleeper, Clock clock,
            MeterRegistry metrics) {
        this.settings = settings;
        Redaction.registerSecret("the Semantic Scholar API key (po.literature.s2.api-key, PO_S2_API_KEY)",
                settings.apiKey());
        this.base = apiRoot(settings.baseUrl());
        this.http = new PacedHttp("Semantic Scholar", settings.timeout(), spacer, new PacedHttp.Retry(
                settings.maxAttempts(), settings.retryBackoff(), settings.maxBackoff()), sleeper, clock,
                (endpoint, status) -> metrics.counter("po.scholar.requests", "endpoint", endpoint, "status", status)
                        .increment());
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public boolean replay() {
        return false;
    }

    /**
     * {@code semantic-scholar} for the public API, {@code semantic-scholar@<API root>} for any other endpoint (a
     * stub, a proxy): answers of a stub must never stand in for the real service's. Both spellings of one base
     * URL name one root, so they share one scope.
     */
    @Override
    public String cacheScope() {
        return base.equals(PUBLIC_ROOT) ? NAME : NAME + "@" + base;
    }

    @Override
    public long requestsMade() {
        return http.requestsMade();
    }

    @Override
    public Map<String, ScholarRecord> resolveByIds(List<String> lookupKeys) {
        ObjectNode body = Json.mapper().createObjectNode();
        lookupKeys.forEach(key -> body.withArray("ids").add(paperId(key)));
        HttpRequest request = request(BATCH + "?fields=" + FIELDS)
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(Json.mapper().writeValueAsString(body))).build();
        HttpResponse<String> response = send("batch", request);
        requireOk("batch", response);
        JsonNode answers = parse("batch", response.body());
        Map<String, ScholarRecord> found = new LinkedHashMap<>();
        // the batch answer is positional: one entry per id asked, null for an unknown id
        for (int i = 0; i < lookupKeys.size() && i < answers.size(); i++) {
            String key = lookupKeys.get(i);
            JsonNode paper = answers.get(i);
            if (paper != null && paper.isObject()) {
                SemanticScholarJson.toRecord(paper).ifPresent(record -> found.put(key, record));
            }
        }
        return found;
    }

    @Override
    public Optional<ScholarRecord> matchTitle(String title) {
        String query = URLEncoder.encode(title, StandardCharsets.UTF_8);
        HttpResponse<String> match = send("match", request(MATCH + "?query=" + query + "&fields=" + FIELDS).GET()
                .build());
        if (match.statusCode() != 404) {
            requireOk("match", match);
            Optional<ScholarRecord> best = SemanticScholarJson.papersOf(parse("match", match.body())).stream()
                    .flatMap(paper -> SemanticScholarJson.toRecord(paper).stream()).findFirst();
            if (best.isPresent()) {
                return best;
            }
        }
        HttpResponse<String> search = send("search", request(SEARCH + "?query=" + query + "&limit=" + SEARCH_LIMIT
                + "&fields=" + FIELDS).GET().build());
        requireOk("search", search);
        return SemanticScholarJson.papersOf(parse("search", search.body())).stream()
                .flatMap(paper -> SemanticScholarJson.toRecord(paper).stream())
                .max(Comparator.comparingDouble(record -> TitleSimilarity.ratio(title, record.getTitle())));
    }

    /**
     * {@code GET /graph/v1/paper/search/bulk?query=...&fields=...&sort=...[&year=-<untilYear>][&token=...]}: one
     * page of up to 1,000 records; the answer's {@code token} continues the search.
     */
    @Override
    public BulkSearchPage searchBulk(String keywords, @Nullable Integer untilYear, @Nullable String token) {
        HttpResponse<String> response = send("bulk", request(bulkPathAndQuery(keywords, untilYear, token)).GET()
                .build());
        requireOk("bulk", response);
        return bulkPage(parse("bulk", response.body()));
    }

    static String bulkPathAndQuery(String keywords, @Nullable Integer untilYear, @Nullable String token) {
        return BULK + "?query=" + URLEncoder.encode(keywords, StandardCharsets.UTF_8) + "&fields=" + FIELDS
                + "&sort=" + BULK_SORT + (untilYear == null ? "" : "&year=-" + untilYear)
                + (token == null ? "" : "&token=" + URLEncoder.encode(token, StandardCharsets.UTF_8));
    }

    static BulkSearchPage bulkPage(JsonNode answer) {
        List<ScholarRecord> records = SemanticScholarJson.papersOf(answer).stream()
                .flatMap(paper -> SemanticScholarJson.toRecord(paper).stream()).toList();
        JsonNode token = answer.path("token");
        return new BulkSearchPage(records, token.isString() && !token.stringValue().isBlank() ? token.stringValue()
                : null);
    }

    /**
     * One small title search, sent once, without spacing or retries: the cheapest request that shows whether
     * the endpoint answers and takes the key ({@code po doctor}).
     *
     * @return the HTTP status of the answer
     * @throws RetriableException when the endpoint cannot be reached or answers 429/5xx (the settings' attempts)
     */
    public int probe() {
        return http.send("search", request(SEARCH + "?query=transformer&limit=1&fields=title").GET().build())
                .statusCode();
    }

    private HttpRequest.Builder request(String pathAndQuery) {
        HttpRequest.Builder builder = HttpRequest.newBuilder(URI.create(base + pathAndQuery))
                .timeout(settings.timeout()).header("Accept", "application/json");
        if (!settings.apiKey().isBlank()) {
            builder.header("x-api-key", settings.apiKey());
        }
        return builder;
    }

    /**
     * The API root of a configured base URL. The base URL means the service root ({@code https://host}); the
     * Graph API's own root ({@code https://host/graph/v1}) is accepted too, since both spellings are common,
     * and trailing slashes do not matter.
     */
    static String apiRoot(URI baseUrl) {
        String root = baseUrl.toString().strip().replaceAll("/+$", "");
        return root.endsWith(GRAPH_V1) ? root.substring(0, root.length() - GRAPH_V1.length()) : root;
    }

    private HttpResponse<String> send(String endpoint, HttpRequest request) {
        return http.send(endpoint, request);
    }

    private void requireOk(String endpoint, HttpResponse<String> response) {
        int status = response.statusCode();
        if (status == 200) {
            return;
        }
        String what = "Semantic Scholar " + endpoint + " request to " + response.uri().getPath() + " answered HTTP "
                + status;
        throw switch (status) {
            case 401, 403 -> new PermanentException(what + ": the API key (po.literature.s2.api-key) is missing,"
                    + " wrong or not allowed for this endpoint");
            case 408 -> new ServiceUnavailableException("Semantic Scholar", what);
            default -> new PermanentException(what + ": " + abbreviate(response.body()));
        };
    }

    private JsonNode parse(String endpoint, String body) {
        try {
            return Json.mapper().readTree(body);
        } catch (JacksonException e) {
            throw new PermanentException("Semantic Scholar " + endpoint + " answer is not JSON: "
                    + abbreviate(body), e);
        }
    }

    /**
     * {@code doi:10.1/x} -> {@code DOI:10.1/x}, {@code arxiv:1706.03762} -> {@code ARXIV:1706.03762},
     * {@code s2:<paperId>} -> the paperId itself.
     */
    static String paperId(String lookupKey) {
        int colon = lookupKey.indexOf(':');
        if (lookupKey.startsWith("s2:")) {
            return lookupKey.substring(colon + 1);
        }
        return lookupKey.substring(0, colon).toUpperCase(Locale.ROOT) + lookupKey.substring(colon);
    }

    /** An answer's body, short and redacted: it ends up in exception messages, statuses and DLT headers. */
    private static String abbreviate(String text) {
        String flat = Redaction.redact(text).replaceAll("\\s+", " ").strip();
        return flat.length() <= 200 ? flat : flat.substring(0, 200) + "...";
    }
}
