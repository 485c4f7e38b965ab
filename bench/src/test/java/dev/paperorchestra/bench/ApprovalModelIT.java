package dev.paperorchestra.bench;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.any;
import static com.github.tomakehurst.wiremock.client.WireMock.anyUrl;
import static com.github.tomakehurst.wiremock.core.WireMockConfiguration.wireMockConfig;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.github.tomakehurst.wiremock.WireMockServer;
import dev.paperorchestra.bench.testing.StubModel;
import dev.paperorchestra.bench.testing.StubScholar;
import dev.paperorchestra.cli.PoCommand;
import dev.paperorchestra.cli.run.PaperRun;
import dev.paperorchestra.content.materials.MaterialsDirectory;
import dev.paperorchestra.embedded.pipeline.EmbeddedPipeline;
import dev.paperorchestra.embedded.pipeline.PaperOutcome;
import dev.paperorchestra.embedded.pipeline.PipelineSettings;
import dev.paperorchestra.runtime.kafka.PaperSubmitter;
import dev.paperorchestra.schemas.JobOptions;
import dev.paperorchestra.schemas.LlmMode;
import dev.paperorchestra.service.PaperServiceApplication;
import dev.paperorchestra.service.client.PaperServiceClient;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import tools.jackson.databind.JsonNode;

/**
 * The approval gates in model mode, counted at the stub model: a paper with approvals=outline,final makes no
 * model call while it waits at either gate, nor when every agent and the service restart under it at the
 * outline gate; it is approved through {@code po approve} and completes with both decisions in summary.json.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ApprovalModelIT {

    private static final Path CVPR = Path.of("..", "examples", "cvpr-sparse-depth").toAbsolutePath().normalize();
    private static final Duration TIMEOUT = Duration.ofMinutes(10);
    /** How long a waiting paper is watched for a model call that must not come. */
    private static final Duration QUIET = Duration.ofSeconds(8);

    final ByteArrayOutputStream console = new ByteArrayOutputStream();
    StubModel model;
    WireMockServer modelServer;
    WireMockServer scholarServer;
    EmbeddedPipeline pipeline;
    String server;
    Path work;

    @AfterAll
    void stop() {
        if (pipeline != null) {
            pipeline.close();
        }
        if (modelServer != null) {
            modelServer.stop();
            scholarServer.stop();
        }
    }

    @Test
    void no_model_call_happens_while_a_paper_waits_at_its_gates() throws Exception {
        String records = Files.readString(CVPR.resolve("scholar_records.json"));
        StubScholar scholar = new StubScholar(List.of(records));
        model = new StubModel();
        modelServer = new WireMockServer(wireMockConfig().dynamicPort().extensions(model));
        scholarServer = new WireMockServer(wireMockConfig().dynamicPort().extensions(scholar));
        modelServer.start();
        scholarServer.start();
        modelServer.stubFor(any(anyUrl()).willReturn(aResponse().withTransformers(StubModel.NAME)));
        scholarServer.stubFor(any(anyUrl()).willReturn(aResponse().withTransformers(StubScholar.NAME)));
        Files.createDirectories(Path.of("target"));
        work = Files.createTempDirectory(Path.of("target"), "approval-model-");
        start();

        // the planner answers with the outline the offline rules make for these materials
        PaperRun.Result offline = run("gated-outline", LlmMode.OFFLINE);
        assertThat(offline.outcome()).as(console.toString()).isInstanceOf(PaperOutcome.Completed.class);
        model.prepare(Files.readString(offline.outputDirectory().resolve("outline.json")),
                StubScholar.titles(records));

        JobOptions gated = JobOptions.newBuilder().setCutoffDate("2024-11-01").setRefineIterationLimit(0)
                .setLlmMode(LlmMode.MODEL).setApprovals(List.of("outline", "final")).build();
        try (PaperSubmitter submitter = new PaperSubmitter(pipeline.kafka().common(), pipeline.blobs(), "test")) {
            submitter.submit(MaterialsDirectory.upload(CVPR, "gated-model", gated, pipeline.blobs(),
                    Instant.now()));
        }
        awaitGate("gated-model", "outline");
        int atOutline = calls();
        assertThat(model.requests()).as("only the outline was asked for before the gate")
                .containsOnlyKeys("outline");
        quiet(atOutline);

        // every agent and the service restart under the waiting paper: nothing is asked again
        pipeline.close();
        pipeline = null;
        start();
        awaitGate("gated-model", "outline");
        quiet(atOutline);

        assertThat(approve("gated-model", "outline", "the plan is right")).isZero();
        awaitGate("gated-model", "final");
        int atFinal = calls();
        assertThat(atFinal).as("the pipeline ran after the approval").isGreaterThan(atOutline);
        quiet(atFinal);
        assertThat(approve("gated-model", "final", "ship it")).isZero();

        await().atMost(TIMEOUT).pollInterval(Duration.ofSeconds(1)).ignoreExceptions().untilAsserted(() ->
                assertThat(client().paper("gated-model").path("state").asString()).isEqualTo("COMPLETED"));
        assertThat(calls()).as("releasing the final paper calls no model").isEqualTo(atFinal);
        JsonNode summary = client().paper("gated-model").path("summary");
        assertThat(summary.path("mode").asString()).isEqualTo("model");
        assertThat(summary.path("approvals").valueStream().map(record -> record.path("stage").asString()))
                .containsExactly("outline", "final");
    }

    private void start() throws Exception {
        pipeline = EmbeddedPipeline.start(new PipelineSettings(work.resolve("state"),
                List.of(CVPR.resolve("scholar_records.json")), List.of(
                "--po.llm.provider=openai",
                "--po.llm.base-url=" + modelServer.baseUrl() + "/v1",
                "--po.llm.model=stub-model",
                "--po.llm.cache.mode=off",
                "--po.approval.check-every=PT1S",
                "--po.literature.discovery-sources=searcher",
                "--po.literature.s2.base-url=" + scholarServer.baseUrl(),
                "--po.literature.s2.request-spacing=10ms",
                "--po.writer.page-fill-floor=0.6")), line -> { });
        int port;
        try (ServerSocket socket = new ServerSocket(0)) {
            port = socket.getLocalPort();
        }
        pipeline.startPaperService(PaperServiceApplication.builder(), port, List.of(), line -> { });
        server = "http://127.0.0.1:" + port;
    }

    /** Every chat completion the stub answered so far. */
    private int calls() {
        return model.requests().values().stream().mapToInt(Integer::intValue).sum();
    }

    /** The stub hears nothing for a while. */
    private void quiet(int calls) {
        await().during(QUIET).atMost(QUIET.plusSeconds(5)).pollInterval(Duration.ofMillis(500))
                .untilAsserted(() -> assertThat(calls()).as(model.requests().toString()).isEqualTo(calls));
    }

    /** {@code po approve ID --stage S --server URL}, as a person types it. */
    private int approve(String paperId, String stage, String note) {
        return PoCommand.commandLine().execute("approve", paperId, "--stage", stage, "--note", note,
                "--by", "dana", "--server", server);
    }

    /** A client of the paper service as it runs now (a restart moves it to another port). */
    private PaperServiceClient client() {
        return new PaperServiceClient(server, null);
    }

    private void awaitGate(String paperId, String stage) {
        await().atMost(TIMEOUT).pollInterval(Duration.ofSeconds(1)).ignoreExceptions().untilAsserted(() -> {
            JsonNode paper = client().paper(paperId);
            assertThat(paper.path("state").asString()).isEqualTo("AWAITING_APPROVAL");
            assertThat(paper.path("approval").path("stage").asString()).isEqualTo(stage);
        });
    }

    private PaperRun.Result run(String paperId, LlmMode mode) {
        JobOptions options = JobOptions.newBuilder().setCutoffDate("2024-11-01").setRefineIterationLimit(0)
                .setLlmMode(mode).build();
        return new PaperRun(pipeline, new PrintStream(console, true, StandardCharsets.UTF_8), Clock.systemUTC())
                .run(CVPR, paperId, options, work.resolve("out"), TIMEOUT);
    }
}
