package dev.paperorchestra.cli.pipeline;

import static com.github.tomakehurst.wiremock.client.WireMock.any;
import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.anyUrl;
import static com.github.tomakehurst.wiremock.core.WireMockConfiguration.wireMockConfig;
import static org.assertj.core.api.Assertions.assertThat;

import com.github.tomakehurst.wiremock.WireMockServer;
import dev.paperorchestra.cli.run.PaperRun;
import dev.paperorchestra.cli.testing.StubModel;
import dev.paperorchestra.cli.testing.StubScholar;
import dev.paperorchestra.runtime.json.Json;
import dev.paperorchestra.runtime.llm.ModelMode;
import dev.paperorchestra.schemas.JobOptions;
import dev.paperorchestra.schemas.LlmMode;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import tools.jackson.databind.JsonNode;

/**
 * A paper in model mode through all six agents, every model call going to an OpenAI-compatible server (a
 * scripted model) and every Semantic Scholar request to a stub of the Graph API: what {@code po run --llm openai
 * --llm-base-url ... --s2-base-url ...} does.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ModelEndToEndIT {

    private static final Path CVPR = Path.of("..", "examples", "cvpr-sparse-depth").toAbsolutePath().normalize();
    private static final Duration TIMEOUT = Duration.ofMinutes(5);
    private static final List<String> AGENTS = List.of("outline-agent", "literature-agent", "plotting-agent",
            "writer-agent", "refine-agent", "reviewer-agent");

    final ByteArrayOutputStream console = new ByteArrayOutputStream();
    StubModel model;
    StubScholar scholar;
    WireMockServer modelServer;
    WireMockServer scholarServer;
    EmbeddedPipeline pipeline;
    Path work;

    @BeforeAll
    void start() throws Exception {
        scholar = new StubScholar(Files.readString(CVPR.resolve("scholar_records.json")));
        model = new StubModel(scholar.titles());
        modelServer = new WireMockServer(wireMockConfig().dynamicPort().extensions(model));
        scholarServer = new WireMockServer(wireMockConfig().dynamicPort().extensions(scholar));
        modelServer.start();
        scholarServer.start();
        modelServer.stubFor(any(anyUrl()).willReturn(aResponse().withTransformers(StubModel.NAME)));
        scholarServer.stubFor(any(anyUrl()).willReturn(aResponse().withTransformers(StubScholar.NAME)));
        Files.createDirectories(Path.of("target"));
        work = Files.createTempDirectory(Path.of("target"), "model-e2e-");
        pipeline = EmbeddedPipeline.start(new PipelineSettings(work.resolve("state"),
                List.of(CVPR.resolve("scholar_records.json")), List.of(
                "--po.llm.provider=openai",
                "--po.llm.base-url=" + modelServer.baseUrl() + "/v1",
                "--po.llm.model=stub-model",
                "--po.literature.discovery-sources=searcher",
                "--po.literature.s2.base-url=" + scholarServer.baseUrl(),
                "--po.literature.s2.request-spacing=10ms")), line -> { });
        // the planner answers with the outline the offline rules make for these materials
        PaperRun.Result offline = run("outline-source", LlmMode.OFFLINE);
        model.answerOutlinesWith(Files.readString(offline.outputDirectory().resolve("outline.json")));
    }

    @AfterAll
    void stop() {
        if (pipeline != null) {
            pipeline.close();
        }
        modelServer.stop();
        scholarServer.stop();
    }

    @Test
    void every_agent_sends_its_model_calls_to_the_configured_server_and_the_paper_is_written() throws Exception {
        PaperRun.Result result = run("model-cvpr", LlmMode.MODEL);

        assertThat(result.outcome()).as(console.toString() + model.requests()).isInstanceOf(PaperOutcome.Completed.class);
        Path out = result.outputDirectory();
        JsonNode summary = Json.mapper().readTree(Files.readString(out.resolve("summary.json")));
        assertThat(summary.path("mode").asString()).isEqualTo("model");
        for (String agent : AGENTS) {
            assertThat(summary.at("/llm/byAgent/" + agent + "/calls").asInt()).as(agent + " in " + summary.path("llm"))
                    .isPositive();
        }
        assertThat(summary.at("/llm/inputTokens").asLong()).isPositive();
        assertThat(model.requests()).containsKeys("outline", "search", "draft-literature", "critic", "write",
                "review", "revise");
        assertThat(scholar.requests()).isPositive();
        assertThat(Files.readString(out.resolve("paper.tex"))).doesNotContain(ModelMode.OFFLINE_LABEL);
        assertThat(Files.readString(out.resolve("citation_map.json"))).doesNotContain(ModelMode.OFFLINE_LABEL);
    }

    private PaperRun.Result run(String paperId, LlmMode mode) {
        JobOptions options = JobOptions.newBuilder().setCutoffDate("2024-11-01").setRefineIterationLimit(1)
                .setLlmMode(mode).build();
        return new PaperRun(pipeline, new PrintStream(console, true, StandardCharsets.UTF_8), Clock.systemUTC())
                .run(CVPR, paperId, options, work.resolve("out"), TIMEOUT);
    }
}
