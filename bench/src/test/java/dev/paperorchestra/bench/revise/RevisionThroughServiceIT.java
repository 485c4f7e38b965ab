package dev.paperorchestra.bench.revise;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static com.github.tomakehurst.wiremock.core.WireMockConfiguration.wireMockConfig;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.github.tomakehurst.wiremock.WireMockServer;
import com.github.tomakehurst.wiremock.client.ResponseDefinitionBuilder;
import dev.paperorchestra.bench.BenchCommand;
import dev.paperorchestra.cli.client.SubmitCommand;
import dev.paperorchestra.cli.revise.ReviseCommand;
import dev.paperorchestra.content.latex.LatexCompiler;
import dev.paperorchestra.content.revision.RevisionCase;
import dev.paperorchestra.content.revision.ScriptedRevisionModel;
import dev.paperorchestra.embedded.pipeline.EmbeddedPipeline;
import dev.paperorchestra.embedded.pipeline.PipelineSettings;
import dev.paperorchestra.base.json.Json;
import dev.paperorchestra.runtime.gateway.OpenAiChatScript;
import dev.paperorchestra.service.PaperServiceApplication;
import dev.paperorchestra.service.client.PaperServiceClient;
import java.io.IOException;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * "Done when", part 2: the test paper of paper-content ({@link RevisionCase}) revised through the paper service
 * (po submit --revise, POST /revisions, the refine and reviewer agents on one embedded broker) and through
 * {@code po bench --task revise} on the same service gives the same points and decisions as
 * {@code po revise --offline} on it in this JVM; and in model mode (the scripted revision model behind an OpenAI
 * stub, the literature agent verifying against a Semantic Scholar stub) the decisions of {@code po revise} in model
 * mode on the same stubs.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class RevisionThroughServiceIT {

    @TempDir
    static Path work;

    EmbeddedPipeline pipeline;
    PaperServiceClient client;
    String server;

    /** The scripted revision model behind an OpenAI stub, and Semantic Scholar's match endpoint, for model mode. */
    WireMockServer stub;
    final ScriptedRevisionModel script = new ScriptedRevisionModel();

    @BeforeAll
    void start() throws IOException {
        stub = new WireMockServer(wireMockConfig().dynamicPort().extensions(new OpenAiChatScript(script::answer)));
        stub.start();
        stub.stubFor(post(urlPathEqualTo("/v1/chat/completions"))
                .willReturn(ResponseDefinitionBuilder.responseDefinition().withTransformers(OpenAiChatScript.NAME)));
        ObjectNode switchPaper = Json.mapper().createObjectNode().put("paperId", "s2-switch")
                .put("title", ScriptedRevisionModel.SWITCH_TITLE).put("year", 2022)
                .put("venue", "Journal of Machine Learning Research").put("publicationDate", "2022-01-01")
                .put("abstract", "Mixture of experts models select different parameters for each input.");
        switchPaper.putArray("authors").addObject().put("name", "William Fedus");
        switchPaper.putObject("externalIds");
        ObjectNode match = Json.mapper().createObjectNode();
        match.putArray("data").add(switchPaper);
        stub.stubFor(get(urlPathEqualTo("/graph/v1/paper/search/match")).willReturn(aResponse().withStatus(200)
                .withHeader("Content-Type", "application/json").withBody(match.toString())));
        // offline requests ignore the model settings; model-mode ones use them as po revise --llm ... does
        pipeline = EmbeddedPipeline.start(new PipelineSettings(work.resolve("state"), List.of(), List.of(
                "--po.llm.provider=openai", "--po.llm.base-url=" + stub.baseUrl() + "/v1",
                "--po.llm.model=scripted-revision", "--po.llm.cache.mode=off",
                "--po.literature.s2.base-url=" + stub.baseUrl(), "--po.literature.s2.request-spacing=10ms")),
                line -> { });
        int port;
        try (ServerSocket socket = new ServerSocket(0)) {
            port = socket.getLocalPort();
        }
        pipeline.startPaperService(PaperServiceApplication.builder(), port, List.of(), line -> { });
        server = "http://127.0.0.1:" + port;
        client = new PaperServiceClient(server, null);
    }

    @AfterAll
    void stop() {
        if (pipeline != null) {
            pipeline.close();
        }
        if (stub != null) {
            stub.stop();
        }
    }

    @Test
    void model_mode_through_the_service_gives_the_decisions_of_po_revise_in_model_mode() throws IOException {
        assumeTrue(new LatexCompiler("latexmk", Duration.ofMinutes(1), work).available(), "no latexmk");
        Path input = Files.createDirectories(work.resolve("model-case"));
        Path paper = RevisionCase.paperDirectory(input);
        // without the Switch Transformers entry: the reviewer's citation must come from the verifier
        Files.writeString(paper.resolve("references.bib"), RevisionCase.BIB.substring(0,
                RevisionCase.BIB.indexOf("@article{fedus2022switch")));
        Path materials = RevisionCase.materialsDirectory(input);
        List<String> reviewArgs = RevisionCase.reviewFiles(Files.createDirectories(input.resolve("reviews")))
                .stream().map(Path::toString).toList();
        Path local = work.resolve("model-local");

        List<String> revise = new ArrayList<>(List.of(paper.toString(), "--reviews"));
        revise.addAll(reviewArgs);
        revise.addAll(List.of("--materials", materials.toString(), "--out", local.toString(), "--llm", "openai",
                "--llm-base-url", stub.baseUrl() + "/v1", "--llm-model", "scripted-revision", "--s2-base-url",
                stub.baseUrl()));
        new CommandLine(new ReviseCommand()).execute(revise.toArray(String[]::new));
        Map<String, String> expected = decisions(Files.readAllBytes(local.resolve("revision/decisions.json")));
        assertThat(expected.keySet().stream().map(id -> id + " " + expected.get(id).replaceAll(".* -> ", ""))
                .toList()).containsExactlyElementsOf(ScriptedRevisionModel.EXPECTED);

        List<String> submit = new ArrayList<>(List.of("--server", server, "--revise", paper.toString(), "--reviews"));
        submit.addAll(reviewArgs);
        submit.addAll(List.of("--materials", materials.toString(), "--paper-id", "revision-model-case"));
        assertThat(new CommandLine(new SubmitCommand()).execute(submit.toArray(String[]::new))).isZero();

        await().atMost(Duration.ofMinutes(4)).pollInterval(Duration.ofSeconds(1)).untilAsserted(() ->
                assertThat(client.paper("revision-model-case").path("state").asString())
                        .as(client.paper("revision-model-case").toString())
                        .isIn("COMPLETED", "INCOMPLETE", "FAILED"));
        Map<String, byte[]> files = bundle("revision-model-case");
        assertThat(decisions(files.get("revision/decisions.json"))).isEqualTo(expected);
        assertThat(json(files.get("revision/points.json")))
                .isEqualTo(json(Files.readAllBytes(local.resolve("revision/points.json"))));
        assertThat(json(files.get("revision/summary.json")).path("mode").asString())
                .isEqualTo("model:openai/scripted-revision");
        assertThat(new String(files.get("references.bib"), StandardCharsets.UTF_8))
                .as("verified by the literature agent, written as po revise writes it")
                .isEqualTo(Files.readString(local.resolve("references.bib")));
    }

    @Test
    void the_test_case_through_the_service_and_the_bench_gives_the_decisions_of_po_revise_offline()
            throws IOException {
        assumeTrue(new LatexCompiler("latexmk", Duration.ofMinutes(1), work).available(), "no latexmk");
        Path input = Files.createDirectories(work.resolve("case"));
        Path paper = RevisionCase.paperDirectory(input);
        Path materials = RevisionCase.materialsDirectory(input);
        Path reviews = Files.createDirectories(input.resolve("reviews"));
        List<String> reviewArgs = RevisionCase.reviewFiles(reviews).stream().map(Path::toString).toList();
        Path local = work.resolve("local");

        List<String> revise = new ArrayList<>(List.of(paper.toString(), "--reviews"));
        revise.addAll(reviewArgs);
        revise.addAll(List.of("--materials", materials.toString(), "--out", local.toString(), "--offline"));
        assertThat(new CommandLine(new ReviseCommand()).execute(revise.toArray(String[]::new))).isZero();

        List<String> submit = new ArrayList<>(List.of("--server", server, "--revise", paper.toString(), "--reviews"));
        submit.addAll(reviewArgs);
        submit.addAll(List.of("--materials", materials.toString(), "--offline", "--paper-id", "revision-case"));
        assertThat(new CommandLine(new SubmitCommand()).execute(submit.toArray(String[]::new))).isZero();

        await().atMost(Duration.ofMinutes(4)).pollInterval(Duration.ofSeconds(1)).untilAsserted(() ->
                assertThat(client.paper("revision-case").path("state").asString())
                        .as(client.paper("revision-case").toString()).isEqualTo("COMPLETED"));
        Map<String, byte[]> files = bundle("revision-case");
        assertThat(files).containsKeys("paper.tex", "paper.pdf", "diff.pdf", "revision/response.md",
                "revision/response.tex", "revision/edits.json", "revision/summary.json", "revision/rescore.json");
        assertThat(decisions(files.get("revision/decisions.json")))
                .isEqualTo(decisions(Files.readAllBytes(local.resolve("revision/decisions.json"))))
                .isNotEmpty();
        assertThat(json(files.get("revision/points.json")))
                .isEqualTo(json(Files.readAllBytes(local.resolve("revision/points.json"))));
        JsonNode paperView = client.paper("revision-case");
        assertThat(paperView.at("/summary/passed").asBoolean()).as(paperView.toString()).isTrue();
        assertThat(paperView.toString()).contains("re-scored (addressed-points)");
        JsonNode rescore = json(files.get("revision/rescore.json"));
        assertThat(rescore.path("revisedScore").asDouble()).isGreaterThan(rescore.path("submittedScore").asDouble());

        // the bench: a dataset of this one case (reviews in name order, as given to po revise), on the same service
        Path dataset = Files.createDirectories(work.resolve("dataset"));
        Path benchCase = Files.createDirectories(dataset.resolve("revision-case"));
        RevisionCase.paperDirectory(benchCase);
        RevisionCase.materialsDirectory(benchCase);
        RevisionCase.reviewFiles(Files.createDirectories(benchCase.resolve("reviews")));
        Path benchDir = work.resolve("bench");
        assertThat(new CommandLine(new BenchCommand()).execute(dataset.toString(), "--task", "revise", "--server",
                server, "--offline", "--out", benchDir.toString())).isZero();
        assertThat(decisions(Files.readAllBytes(benchDir.resolve("cases/revision-case/revision/decisions.json"))))
                .isEqualTo(decisions(Files.readAllBytes(local.resolve("revision/decisions.json"))));
        JsonNode row = Json.mapper().readTree(Files.readString(benchDir.resolve("results.jsonl")).strip());
        assertThat(row.path("valid_pdf").asBoolean()).as(row.toString()).isTrue();
        assertThat(row.path("points").asInt()).isEqualTo(decisions(files.get("revision/decisions.json")).size());
        assertThat(row.path("fabrication_findings").asInt()).isZero();
        assertThat(row.path("vs_original").asString()).isEqualTo("win");
        assertThat(row.path("vs_original_orders").asString()).isEqualTo("win/win");
        JsonNode summary = Json.mapper().readTree(Files.readString(benchDir.resolve("summary.json")));
        assertThat(summary.path("valid_pdf_rate").asDouble()).isEqualTo(1.0);
        assertThat(summary.path("autorater").asString()).isEqualTo(AddressedPointsJudge.LABEL);
        assertThat(Files.readString(benchDir.resolve("report.html"))).contains("valid-PDF rate", "points addressed",
                "fabrication findings", "revised vs original", "revised vs camera-ready");
    }

    /** Point id to its planned and answered decision. */
    static Map<String, String> decisions(byte[] decisionsJson) {
        Map<String, String> decisions = new LinkedHashMap<>();
        json(decisionsJson).forEach(entry -> decisions.put(entry.path("pointId").asString(),
                entry.at("/planned/decision").asString() + " -> " + entry.at("/answered/decision").asString()));
        return decisions;
    }

    private static JsonNode json(byte[] content) {
        return Json.mapper().readTree(new String(content, StandardCharsets.UTF_8));
    }

    private Map<String, byte[]> bundle(String paperId) throws IOException {
        Path zip = work.resolve(paperId + ".zip");
        client.bundle(paperId, zip);
        Map<String, byte[]> files = new LinkedHashMap<>();
        try (ZipInputStream in = new ZipInputStream(Files.newInputStream(zip))) {
            for (ZipEntry entry = in.getNextEntry(); entry != null; entry = in.getNextEntry()) {
                files.put(entry.getName().substring(paperId.length() + 1), in.readAllBytes());
            }
        }
        return files;
    }
}
