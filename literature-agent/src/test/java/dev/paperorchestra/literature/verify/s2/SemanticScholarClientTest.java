package dev.paperorchestra.literature.verify.s2;

import dev.paperorchestra.literature.scholarly.RequestSpacer;
import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.containing;
import static com.github.tomakehurst.wiremock.client.WireMock.equalTo;
import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.getRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.postRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static com.github.tomakehurst.wiremock.core.WireMockConfiguration.options;
import static com.github.tomakehurst.wiremock.stubbing.Scenario.STARTED;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.github.tomakehurst.wiremock.WireMockServer;
import dev.paperorchestra.literature.verify.ScholarSource;
import dev.paperorchestra.base.errors.PermanentException;
import dev.paperorchestra.base.errors.RetriableException;
import dev.paperorchestra.base.http.Sleeper;
import dev.paperorchestra.base.json.Json;
import dev.paperorchestra.schemas.ScholarRecord;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.net.URI;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class SemanticScholarClientTest {

    private static final Path RECORDS = Path.of("../examples/cvpr-sparse-depth/scholar_records.json");
    private static final String PAPER = """
            {"paperId":"p-1","title":"Deep Residual Learning for Image Recognition","abstract":"Residual nets.",
             "year":2016,"venue":"CVPR","publicationDate":"2016-06-27","citationCount":1,
             "authors":[{"name":"Kaiming He"}],"externalIds":{"DOI":"10.1109/CVPR.2016.90"}}""";

    private final SimpleMeterRegistry metrics = new SimpleMeterRegistry();
    private final List<Duration> backoffs = new ArrayList<>();
    private WireMockServer server;

    @BeforeEach
    void start() {
        server = new WireMockServer(options().dynamicPort());
        server.start();
    }

    @AfterEach
    void stop() {
        server.stop();
    }

    private SemanticScholarClient client(String baseUrl, String apiKey, Duration spacing) {
        SemanticScholarSettings settings = new SemanticScholarSettings(URI.create(baseUrl), apiKey, 3,
                Duration.ofMillis(100), Duration.ofSeconds(30), Duration.ofSeconds(10));
        return new SemanticScholarClient(settings, RequestSpacer.system("test", spacing), backoffs::add,
                Clock.systemUTC(), metrics);
    }

    private SemanticScholarClient client() {
        return client(server.baseUrl(), "", Duration.ofMillis(1));
    }

    @Test
    void resolves_dois_and_arxiv_ids_together_in_one_batch_request() throws Exception {
        try (SemanticScholarStub stub = new SemanticScholarStub(Duration.ofMillis(1), List.of(RECORDS))) {
            SemanticScholarClient client = client(stub.baseUrl(), "", Duration.ofMillis(1));

            Map<String, ScholarRecord> found = client.resolveByIds(List.of("arxiv:1406.2283", "doi:10.9999/unknown",
                    "arxiv:1606.00373"));

            assertThat(found).containsOnlyKeys("arxiv:1406.2283", "arxiv:1606.00373");
            assertThat(client.requestsMade()).isEqualTo(1);
            stub.server().verify(1, postRequestedFor(urlPathEqualTo("/graph/v1/paper/batch"))
                    .withQueryParam("fields", containing("abstract"))
                    .withRequestBody(containing("\"ARXIV:1406.2283\"")).withRequestBody(containing("\"DOI:10.9999/unknown\"")));
        }
    }

    @Test
    void falls_back_to_search_when_the_match_endpoint_finds_nothing() {
        server.stubFor(get(urlPathEqualTo("/graph/v1/paper/search/match"))
                .willReturn(aResponse().withStatus(404).withBody("{\"error\":\"Title match not found\"}")));
        server.stubFor(get(urlPathEqualTo("/graph/v1/paper/search")).willReturn(aResponse().withStatus(200)
                .withBody("{\"total\":2,\"offset\":0,\"data\":[{\"paperId\":\"other\",\"title\":\"Residual Flows\"},"
                        + PAPER + "]}")));

        assertThat(client().matchTitle("Deep residual learning for image recognition")).get()
                .extracting(ScholarRecord::getScholarId).isEqualTo("p-1");
        server.verify(1, getRequestedFor(urlPathEqualTo("/graph/v1/paper/search"))
                .withQueryParam("query", equalTo("Deep residual learning for image recognition")));
    }

    @Test
    void answers_no_match_when_neither_endpoint_finds_the_title() {
        server.stubFor(get(urlPathEqualTo("/graph/v1/paper/search/match"))
                .willReturn(aResponse().withStatus(404).withBody("{\"error\":\"Title match not found\"}")));
        server.stubFor(get(urlPathEqualTo("/graph/v1/paper/search"))
                .willReturn(aResponse().withStatus(200).withBody("{\"total\":0,\"offset\":0,\"data\":[]}")));

        assertThat(client().matchTitle("Quantum Gravity of Sourdough")).isEmpty();
    }

    @Test
    void retries_a_429_on_the_same_thread_after_the_retry_after_delay() {
        server.stubFor(get(urlPathEqualTo("/graph/v1/paper/search/match")).inScenario("limit")
                .whenScenarioStateIs(STARTED).willSetStateTo("open")
                .willReturn(aResponse().withStatus(429).withHeader("Retry-After", "2")));
        server.stubFor(get(urlPathEqualTo("/graph/v1/paper/search/match")).inScenario("limit")
                .whenScenarioStateIs("open").willReturn(aResponse().withStatus(200).withBody("{\"data\":[" + PAPER + "]}")));

        SemanticScholarClient client = client();

        assertThat(client.matchTitle("Deep Residual Learning for Image Recognition")).isPresent();
        assertThat(backoffs).containsExactly(Duration.ofSeconds(2));
        assertThat(client.requestsMade()).isEqualTo(2);
        assertThat(metrics.counter("po.scholar.requests", "endpoint", "match", "status", "429").count()).isEqualTo(1);
        assertThat(metrics.counter("po.scholar.requests", "endpoint", "match", "status", "200").count()).isEqualTo(1);
    }

    @Test
    void backs_off_exponentially_on_a_429_without_retry_after_as_semantic_scholar_sends_it() {
        server.stubFor(get(urlPathEqualTo("/graph/v1/paper/search/match")).inScenario("limit")
                .whenScenarioStateIs(STARTED).willSetStateTo("still")
                .willReturn(aResponse().withStatus(429).withBody("{\"message\":\"Too Many Requests\"}")));
        server.stubFor(get(urlPathEqualTo("/graph/v1/paper/search/match")).inScenario("limit")
                .whenScenarioStateIs("still").willSetStateTo("open")
                .willReturn(aResponse().withStatus(429).withBody("{\"message\":\"Too Many Requests\"}")));
        server.stubFor(get(urlPathEqualTo("/graph/v1/paper/search/match")).inScenario("limit")
                .whenScenarioStateIs("open").willReturn(aResponse().withStatus(200).withBody("{\"data\":[" + PAPER + "]}")));

        assertThat(client().matchTitle("Deep Residual Learning for Image Recognition")).isPresent();

        assertThat(backoffs).containsExactly(Duration.ofMillis(100), Duration.ofMillis(200));
    }

    @Test
    void accepts_the_service_root_and_the_graph_api_root_as_base_url() {
        server.stubFor(get(urlPathEqualTo("/graph/v1/paper/search/match"))
                .willReturn(aResponse().withStatus(200).withBody("{\"data\":[" + PAPER + "]}")));

        for (String base : List.of(server.baseUrl(), server.baseUrl() + "/", server.baseUrl() + "/graph/v1",
                server.baseUrl() + "/graph/v1/")) {
            assertThat(client(base, "", Duration.ofMillis(1)).matchTitle("Deep Residual Learning")).as(base)
                    .isPresent();
        }

        server.verify(4, getRequestedFor(urlPathEqualTo("/graph/v1/paper/search/match")));
        // one endpoint, one scholar-cache scope, whichever spelling named it
        assertThat(client(server.baseUrl() + "/graph/v1/", "", Duration.ofMillis(1)).cacheScope())
                .isEqualTo(client(server.baseUrl(), "", Duration.ofMillis(1)).cacheScope())
                .isEqualTo("semantic-scholar@" + server.baseUrl());
        assertThat(client("https://api.semanticscholar.org/graph/v1", "", Duration.ofMillis(1)).cacheScope())
                .isEqualTo("semantic-scholar");
        assertThat(SemanticScholarClient.apiRoot(URI.create("https://api.semanticscholar.org/graph/v1")))
                .isEqualTo("https://api.semanticscholar.org");
    }

    @Test
    void asks_the_bulk_search_with_keywords_fields_sort_year_bound_and_continuation_token() {
        server.stubFor(get(urlPathEqualTo("/graph/v1/paper/search/bulk")).willReturn(aResponse().withStatus(200)
                .withBody("{\"total\":2,\"token\":\"next-page\",\"data\":[" + PAPER
                        + ",{\"paperId\":\"p-2\"}]}")));

        ScholarSource.BulkSearchPage page = client().searchBulk("\"residual learning\" | KITTI", 2024, "this-page");

        server.verify(1, getRequestedFor(urlPathEqualTo("/graph/v1/paper/search/bulk"))
                .withQueryParam("query", equalTo("\"residual learning\" | KITTI"))
                .withQueryParam("fields", containing("externalIds")).withQueryParam("fields", containing("abstract"))
                .withQueryParam("sort", equalTo("citationCount:desc")).withQueryParam("year", equalTo("-2024"))
                .withQueryParam("token", equalTo("this-page")));
        assertThat(page.records()).extracting(ScholarRecord::getScholarId).containsExactly("p-1");
        assertThat(page.records().getFirst().getDoi()).isEqualTo("10.1109/CVPR.2016.90");
        assertThat(page.token()).isEqualTo("next-page");
    }

    @Test
    void a_bulk_search_page_without_token_is_the_last_and_no_year_bound_sends_no_year() {
        assertThat(SemanticScholarClient.bulkPage(Json.mapper().readTree("{\"total\":1,\"data\":[" + PAPER + "]}"))
                .token()).isNull();
        assertThat(SemanticScholarClient.bulkPathAndQuery("KITTI", null, null))
                .isEqualTo("/graph/v1/paper/search/bulk?query=KITTI&fields=" + SemanticScholarClient.FIELDS
                        + "&sort=citationCount:desc");
    }

    @Test
    void sends_semantic_scholar_ids_to_the_batch_endpoint_as_they_are() {
        assertThat(SemanticScholarClient.paperId("s2:649def34f8be52c8b66281af98ae884c09aef38b"))
                .isEqualTo("649def34f8be52c8b66281af98ae884c09aef38b");
        assertThat(SemanticScholarClient.paperId("doi:10.1/x")).isEqualTo("DOI:10.1/x");
    }

    @Test
    void backs_off_exponentially_on_5xx_and_gives_the_record_back_after_the_last_attempt() {
        server.stubFor(get(urlPathEqualTo("/graph/v1/paper/search/match")).willReturn(aResponse().withStatus(503)));

        assertThatThrownBy(() -> client().matchTitle("Anything")).isInstanceOf(RetriableException.class)
                .hasMessageContaining("match request failed 3 times (last: HTTP 503)");
        assertThat(backoffs).containsExactly(Duration.ofMillis(100), Duration.ofMillis(200));
    }

    @Test
    void a_retry_the_spacers_admission_check_refuses_is_never_sent() {
        server.stubFor(get(urlPathEqualTo("/graph/v1/paper/search/match")).willReturn(aResponse().withStatus(503)));
        AtomicInteger admitted = new AtomicInteger();
        RequestSpacer refusingTheRetry = RequestSpacer.system("test", Duration.ofMillis(1), () -> {
            if (admitted.incrementAndGet() > 1) {
                throw new RetriableException("the poll moved to a standby");
            }
        });
        SemanticScholarClient client = new SemanticScholarClient(new SemanticScholarSettings(
                URI.create(server.baseUrl()), "", 3, Duration.ofMillis(100), Duration.ofSeconds(30),
                Duration.ofSeconds(10)), refusingTheRetry, backoffs::add, Clock.systemUTC(), metrics);

        assertThatThrownBy(() -> client.matchTitle("Anything")).isInstanceOf(RetriableException.class)
                .hasMessage("the poll moved to a standby");
        server.verify(1, getRequestedFor(urlPathEqualTo("/graph/v1/paper/search/match")));
    }

    @Test
    void sends_the_api_key_header_when_configured() {
        server.stubFor(get(urlPathEqualTo("/graph/v1/paper/search/match"))
                .willReturn(aResponse().withStatus(200).withBody("{\"data\":[" + PAPER + "]}")));

        client(server.baseUrl(), "secret-key", Duration.ofMillis(1)).matchTitle("Deep Residual Learning");

        server.verify(getRequestedFor(urlPathEqualTo("/graph/v1/paper/search/match"))
                .withHeader("x-api-key", equalTo("secret-key")));
    }

    @Test
    void fails_permanently_on_a_refused_key_without_naming_it() {
        server.stubFor(get(urlPathEqualTo("/graph/v1/paper/search/match")).willReturn(aResponse().withStatus(403)));

        assertThatThrownBy(() -> client(server.baseUrl(), "secret-key", Duration.ofMillis(1)).matchTitle("X"))
                .isInstanceOf(PermanentException.class).hasMessageContaining("po.literature.s2.api-key")
                .hasMessageNotContaining("secret-key");
    }

    @Test
    void keeps_requests_apart_by_the_configured_spacing() throws Exception {
        Duration spacing = Duration.ofMillis(150);
        try (SemanticScholarStub stub = new SemanticScholarStub(spacing, List.of(RECORDS))) {
            SemanticScholarClient client = client(stub.baseUrl(), "", spacing);

            for (int i = 0; i < 5; i++) {
                client.resolveByIds(List.of("arxiv:1406.2283"));
            }

            assertThat(stub.throttled()).isZero();
            assertThat(stub.arrivals()).hasSize(5);
            assertThat(stub.shortestGap()).isGreaterThanOrEqualTo(spacing);
        }
    }
}
