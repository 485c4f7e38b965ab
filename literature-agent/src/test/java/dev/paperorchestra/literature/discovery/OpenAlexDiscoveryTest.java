package dev.paperorchestra.literature.discovery;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.equalTo;
import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.getRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static com.github.tomakehurst.wiremock.core.WireMockConfiguration.options;
import static com.github.tomakehurst.wiremock.stubbing.Scenario.STARTED;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.github.tomakehurst.wiremock.WireMockServer;
import dev.paperorchestra.literature.plan.Purpose;
import dev.paperorchestra.literature.plan.SearchQuery;
import dev.paperorchestra.literature.scholarly.PacedHttp;
import dev.paperorchestra.literature.scholarly.RequestSpacer;
import dev.paperorchestra.base.errors.PermanentException;
import dev.paperorchestra.base.redaction.Redaction;
import dev.paperorchestra.base.errors.RetriableException;
import dev.paperorchestra.schemas.Candidate;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class OpenAlexDiscoveryTest {

    private static final SearchQuery QUERY = new SearchQuery("residual networks", Purpose.RELATED_WORK, "Backbones");
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

    private final List<Duration> backoffs = new ArrayList<>();

    private OpenAlexDiscovery discovery(String mailto) {
        return discovery("", mailto);
    }

    private OpenAlexDiscovery discovery(String apiKey, String mailto) {
        PacedHttp http = new PacedHttp("OpenAlex", Duration.ofSeconds(60), RequestSpacer.system("t", Duration.ofMillis(1)),
                new PacedHttp.Retry(3, Duration.ofMillis(100), Duration.ofSeconds(10)), backoffs::add,
                Clock.systemUTC(), (endpoint, status) -> { });
        return new OpenAlexDiscovery(server.baseUrl() + "/", apiKey, mailto, Duration.ofSeconds(60), 2, http);
    }

    @Test
    void turns_works_into_candidates_with_doi_or_arxiv_id() {
        server.stubFor(get(urlPathEqualTo("/works")).willReturn(aResponse().withStatus(200).withBody("""
                {"meta":{"count":3},"results":[
                 {"id":"https://openalex.org/W1","display_name":"Deep Residual Learning for Image Recognition",
                  "publication_year":2016,"doi":"https://doi.org/10.1109/CVPR.2016.90"},
                 {"id":"https://openalex.org/W2","display_name":"Identity Mappings in Deep Residual Networks",
                  "publication_year":2016,"doi":"https://doi.org/10.48550/arXiv.1603.05027"},
                 {"id":"https://openalex.org/W3","display_name":"Wide Residual Networks","publication_year":2016,
                  "doi":null}]}""")));

        List<Candidate> candidates = discovery("").search("p1", QUERY);

        assertThat(candidates).hasSize(2);
        assertThat(candidates.get(0).getDoi()).isEqualTo("10.1109/cvpr.2016.90");
        assertThat(candidates.get(0).getYear()).isEqualTo(2016);
        assertThat(candidates.get(0).getClusterTitle()).isEqualTo("Backbones");
        assertThat(candidates.get(1).getArxivId()).isEqualTo("1603.05027");
        assertThat(candidates.get(1).getDoi()).isNull();
        server.verify(getRequestedFor(urlPathEqualTo("/works")).withQueryParam("search", equalTo("residual networks"))
                .withQueryParam("per-page", equalTo("2")));
    }

    @Test
    void sends_the_contact_address_for_the_polite_pool_when_configured() {
        server.stubFor(get(urlPathEqualTo("/works")).willReturn(aResponse().withStatus(200).withBody("{\"results\":[]}")));

        assertThat(discovery("lab@example.org").search("p1", QUERY)).isEmpty();

        server.verify(getRequestedFor(urlPathEqualTo("/works")).withQueryParam("mailto", equalTo("lab@example.org")));
    }

    @Test
    void sends_the_api_key_as_the_api_key_query_parameter_and_keeps_it_out_of_errors() {
        server.stubFor(get(urlPathEqualTo("/works")).willReturn(aResponse().withStatus(200).withBody("{\"results\":[]}")));

        assertThat(discovery("oa-secret-key", "").search("p1", QUERY)).isEmpty();

        server.verify(getRequestedFor(urlPathEqualTo("/works")).withQueryParam("api_key", equalTo("oa-secret-key")));
        server.stubFor(get(urlPathEqualTo("/works")).willReturn(aResponse().withStatus(401)));
        assertThatThrownBy(() -> discovery("oa-secret-key", "").search("p1", QUERY))
                .isInstanceOf(PermanentException.class).hasMessageContaining("po.literature.openalex.api-key")
                .message().doesNotContain("oa-secret-key");
        // a message that does carry the request URI (a transport failure's, say) reaches logs redacted
        assertThat(Redaction.redact("GET /works?search=x&api_key=oa-secret-key failed"))
                .doesNotContain("oa-secret-key");
    }

    @Test
    void searches_the_key_phrases_of_an_instruction_not_the_sentence() {
        server.stubFor(get(urlPathEqualTo("/works")).willReturn(aResponse().withStatus(200).withBody("{\"results\":[]}")));
        SearchQuery instruction = new SearchQuery("Find the papers that introduced NLSPN, CSPN and PENet and the "
                + "closest work building on them, published before 2024-11-01.", Purpose.RELATED_WORK, "Baselines");

        discovery("").search("p1", instruction);

        server.verify(getRequestedFor(urlPathEqualTo("/works")).withQueryParam("search",
                equalTo("NLSPN OR CSPN OR PENet")));
    }

    @Test
    void retries_throttling_without_retry_after_on_the_same_thread_with_growing_back_off() {
        server.stubFor(get(urlPathEqualTo("/works")).inScenario("throttled").whenScenarioStateIs(STARTED)
                .willReturn(aResponse().withStatus(429)).willSetStateTo("open"));
        server.stubFor(get(urlPathEqualTo("/works")).inScenario("throttled").whenScenarioStateIs("open")
                .willReturn(aResponse().withStatus(200).withBody("{\"results\":[{\"display_name\":\"Wide Residual "
                        + "Networks\",\"publication_year\":2016}]}")));

        assertThat(discovery("").search("p1", QUERY)).extracting(Candidate::getTitle)
                .containsExactly("Wide Residual Networks");
        assertThat(backoffs).containsExactly(Duration.ofMillis(100));
    }

    @Test
    void maps_spent_retries_to_retriable_and_refusal_to_permanent() {
        server.stubFor(get(urlPathEqualTo("/works")).willReturn(aResponse().withStatus(429)));
        assertThatThrownBy(() -> discovery("").search("p1", QUERY)).isInstanceOf(RetriableException.class)
                .hasMessageContaining("HTTP 429");
        assertThat(backoffs).containsExactly(Duration.ofMillis(100), Duration.ofMillis(200));

        server.stubFor(get(urlPathEqualTo("/works")).willReturn(aResponse().withStatus(400)));
        assertThatThrownBy(() -> discovery("").search("p1", QUERY)).isInstanceOf(PermanentException.class)
                .hasMessageContaining("HTTP 400");
    }
}
