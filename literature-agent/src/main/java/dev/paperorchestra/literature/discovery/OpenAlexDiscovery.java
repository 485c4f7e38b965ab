package dev.paperorchestra.literature.discovery;

import dev.paperorchestra.literature.text.ScholarIds;
import dev.paperorchestra.literature.plan.KeywordQuery;
import dev.paperorchestra.literature.plan.SearchQuery;
import dev.paperorchestra.literature.scholarly.PacedHttp;
import dev.paperorchestra.base.errors.PermanentException;
import dev.paperorchestra.base.json.Json;
import dev.paperorchestra.base.redaction.Redaction;
import dev.paperorchestra.schemas.Candidate;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.jspecify.annotations.Nullable;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;

/**
 * Discovery through OpenAlex works search ({@code GET /works?search=}), a keyword search: it is sent the query's
 * key phrases ({@link KeywordQuery}), never the outline's instruction sentence. OpenAlex meters requests per API
 * key (sent as the {@code api_key} query parameter, as OpenAlex documents; never logged), so requests are
 * spaced and a 429 or 5xx is retried on the worker's thread with back-off like Semantic Scholar's; when the
 * attempts are spent the task is redelivered by Kafka. Results only propose: title, year and DOI go to the
 * verifier like any other candidate. arXiv preprints are recognised by their DataCite DOI
 * ({@code 10.48550/arXiv.<id>}). Any other refusal is permanent.
 */
public final class OpenAlexDiscovery implements DiscoverySource {

    public static final String NAME = "openalex";

    private final String baseUrl;
    private final String apiKey;
    private final String mailto;
    private final Duration timeout;
    private final int candidatesPerQuery;
    private final PacedHttp http;

    /**
     * @param apiKey OpenAlex API key, empty for none
     * @param mailto contact address (OpenAlex's former polite pool), empty for none
     * @param http   spacing and retries of this deployment's OpenAlex requests
     */
    public OpenAlexDiscovery(String baseUrl, String apiKey, String mailto, Duration timeout, int candidatesPerQuery,
            PacedHttp http) {
        this.baseUrl = baseUrl.replaceAll("/+$", "");
        this.apiKey = apiKey.strip();
        // the key travels in the query string: any message that could carry a request URI is redacted
        Redaction.registerSecret("the OpenAlex API key (po.literature.openalex.api-key, OPENALEX_API_KEY)",
                this.apiKey);
        this.mailto = mailto;
        this.timeout = timeout;
        this.candidatesPerQuery = candidatesPerQuery;
        this.http = http;
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public List<Candidate> search(String paperId, SearchQuery query) {
        String keywords = KeywordQuery.booleanOr(query.text());
        if (keywords.isEmpty()) {
            return List.of();
        }
        String uri = baseUrl + "/works?search=" + encode(keywords)
                + "&per-page=" + candidatesPerQuery + "&select=id,display_name,publication_year,doi"
                + (mailto.isBlank() ? "" : "&mailto=" + encode(mailto))
                + (apiKey.isEmpty() ? "" : "&api_key=" + encode(apiKey));
        HttpResponse<String> response = get(paperId, uri);
        JsonNode results;
        try {
            results = Json.mapper().readTree(response.body()).path("results");
        } catch (JacksonException e) {
            throw new PermanentException("OpenAlex works search for paper " + paperId + " answered non-JSON", e);
        }
        List<Candidate> candidates = new ArrayList<>();
        for (JsonNode work : results.values()) {
            String title = text(work.path("display_name"));
            if (title == null || candidates.size() >= candidatesPerQuery) {
                continue;
            }
            String doi = doi(text(work.path("doi")));
            Optional<String> arxiv = doi == null ? Optional.empty() : ScholarIds.arxivOfDoi(doi);
            boolean preprint = arxiv.isPresent();
            candidates.add(Candidate.newBuilder().setTitle(title)
                    .setYear(work.path("publication_year").isIntegralNumber() ? work.path("publication_year").intValue()
                            : null)
                    .setDoi(preprint ? null : doi).setArxivId(arxiv.orElse(null))
                    .setQuery(query.text()).setPurpose(query.purpose()).setClusterTitle(query.clusterTitle())
                    .setRelevance("OpenAlex works search").build());
        }
        return candidates;
    }

    private HttpResponse<String> get(String paperId, String uri) {
        HttpRequest request = HttpRequest.newBuilder(URI.create(uri)).timeout(timeout)
                .header("Accept", "application/json").GET().build();
        HttpResponse<String> response = http.send("works", request);
        int status = response.statusCode();
        if (status == 401 || status == 403) {
            throw new PermanentException("OpenAlex works search at " + baseUrl + " for paper " + paperId
                    + " answered HTTP " + status + ": the API key (po.literature.openalex.api-key) is missing, wrong"
                    + " or out of budget");
        }
        if (status != 200) {
            throw new PermanentException("OpenAlex works search at " + baseUrl + " for paper " + paperId
                    + " answered HTTP " + status);
        }
        return response;
    }

    private static String encode(String value) {
        return URLEncoder.encode(value, StandardCharsets.UTF_8);
    }

    private static @Nullable String doi(@Nullable String value) {
        return value == null ? null : ScholarIds.doi(value).toLowerCase(Locale.ROOT);
    }

    private static @Nullable String text(JsonNode node) {
        return node.isString() && !node.stringValue().isBlank() ? node.stringValue().strip() : null;
    }
}
