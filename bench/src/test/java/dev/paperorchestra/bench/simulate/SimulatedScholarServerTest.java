package dev.paperorchestra.bench.simulate;

import static org.assertj.core.api.Assertions.assertThat;

import dev.paperorchestra.base.json.Json;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SimulatedScholarServerTest {

    private static final Path CVPR = Path.of("..", "examples", "cvpr-sparse-depth", "scholar_records.json");
    private final HttpClient http = HttpClient.newHttpClient();

    private HttpResponse<String> get(SimulatedScholarServer server, String pathAndQuery) throws Exception {
        return http.send(HttpRequest.newBuilder(URI.create(server.baseUrl() + pathAndQuery)).build(),
                HttpResponse.BodyHandlers.ofString());
    }

    @Test
    void answers_429_without_retry_after_to_a_request_closer_than_the_spacing() throws Exception {
        try (SimulatedScholarServer server = new SimulatedScholarServer(ScholarCorpus.load(Map.of("cvpr", CVPR)),
                Duration.ofHours(1))) {
            HttpResponse<String> first = get(server, "/graph/v1/paper/search?query=depth");
            HttpResponse<String> second = get(server, "/graph/v1/paper/search?query=depth");

            assertThat(first.statusCode()).isEqualTo(200);
            assertThat(second.statusCode()).isEqualTo(429);
            assertThat(second.headers().firstValue("Retry-After")).isEmpty();
            assertThat(server.s2Requests()).isEqualTo(2);
            assertThat(server.s2Throttled()).isEqualTo(1);
        }
    }

    @Test
    void resolves_a_batch_by_doi_arxiv_id_and_paper_id_positionally_with_fields_as_query_parameter()
            throws Exception {
        ScholarCorpus corpus = ScholarCorpus.load(Map.of("cvpr", CVPR));
        var paper = corpus.field("cvpr").stream().filter(p -> p.path("externalIds").path("ArXiv").isString())
                .findFirst().orElseThrow();
        try (SimulatedScholarServer server = new SimulatedScholarServer(corpus, Duration.ZERO)) {
            String body = "{\"ids\":[\"ARXIV:" + paper.path("externalIds").path("ArXiv").asString() + "\","
                    + "\"DOI:10.9999/none\",\"" + paper.path("paperId").asString() + "\"]}";
            HttpResponse<String> answer = http.send(HttpRequest.newBuilder(URI.create(server.baseUrl()
                    + "/graph/v1/paper/batch?fields=title")).POST(HttpRequest.BodyPublishers.ofString(body)).build(),
                    HttpResponse.BodyHandlers.ofString());
            HttpResponse<String> withoutFields = http.send(HttpRequest.newBuilder(URI.create(server.baseUrl()
                    + "/graph/v1/paper/batch")).POST(HttpRequest.BodyPublishers.ofString(body)).build(),
                    HttpResponse.BodyHandlers.ofString());

            var papers = Json.mapper().readTree(answer.body());
            assertThat(papers.size()).isEqualTo(3);
            assertThat(papers.get(0).path("paperId").asString()).isEqualTo(paper.path("paperId").asString());
            assertThat(papers.get(1).isNull()).isTrue();
            assertThat(papers.get(2).path("title").asString()).isEqualTo(paper.path("title").asString());
            assertThat(withoutFields.statusCode()).isEqualTo(400);
        }
    }

    @Test
    void refuses_a_batch_of_more_than_500_ids_as_semantic_scholar_does() throws Exception {
        try (SimulatedScholarServer server = new SimulatedScholarServer(ScholarCorpus.load(Map.of("cvpr", CVPR)),
                Duration.ZERO)) {
            HttpResponse<String> full = batch(server, 500);
            HttpResponse<String> over = batch(server, 501);

            assertThat(full.statusCode()).isEqualTo(200);
            assertThat(Json.mapper().readTree(full.body()).size()).isEqualTo(500);
            assertThat(over.statusCode()).isEqualTo(400);
            assertThat(over.body()).contains("at most 500");
        }
    }

    private HttpResponse<String> batch(SimulatedScholarServer server, int ids) throws Exception {
        String body = java.util.stream.IntStream.range(0, ids).mapToObj(i -> "\"DOI:10.9999/n" + i + "\"")
                .collect(java.util.stream.Collectors.joining(",", "{\"ids\":[", "]}"));
        return http.send(HttpRequest.newBuilder(URI.create(server.baseUrl() + "/graph/v1/paper/batch?fields=title"))
                .POST(HttpRequest.BodyPublishers.ofString(body)).build(), HttpResponse.BodyHandlers.ofString());
    }

    @Test
    void serves_title_match_with_404_bulk_search_and_openalex_works_over_one_corpus() throws Exception {
        ScholarCorpus corpus = ScholarCorpus.load(Map.of("cvpr", CVPR));
        String title = corpus.field("cvpr").getFirst().path("title").asString();
        try (SimulatedScholarServer server = new SimulatedScholarServer(corpus, Duration.ZERO)) {
            assertThat(get(server, "/graph/v1/paper/search/match?query=" + encode(title)).statusCode()).isEqualTo(200);
            assertThat(get(server, "/graph/v1/paper/search/match?query=nothing+like+this").statusCode())
                    .isEqualTo(404);
            var bulk = Json.mapper().readTree(get(server, "/graph/v1/paper/search/bulk?query=depth").body());
            assertThat(bulk.path("data").size()).isPositive();
            var works = Json.mapper().readTree(get(server, "/works?search=" + encode("\"depth completion\" OR KITTI")
                    + "&per-page=3").body());
            assertThat(works.path("results").size()).isBetween(1, 3);
            assertThat(server.openAlexRequests()).isEqualTo(1);
        }
    }

    private static String encode(String text) {
        return URLEncoder.encode(text, StandardCharsets.UTF_8);
    }
}
