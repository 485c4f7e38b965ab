package dev.paperorchestra.cli.revise;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.getRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static com.github.tomakehurst.wiremock.core.WireMockConfiguration.wireMockConfig;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.github.tomakehurst.wiremock.WireMockServer;
import com.github.tomakehurst.wiremock.client.ResponseDefinitionBuilder;
import dev.paperorchestra.content.latex.LatexCompiler;
import dev.paperorchestra.content.revision.RevisionCase;
import dev.paperorchestra.content.revision.ScriptedRevisionModel;
import dev.paperorchestra.base.json.Json;
import dev.paperorchestra.runtime.gateway.OpenAiChatScript;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * {@code po revise} in scripted model mode: the real gateway and OpenAI adapter against a local server speaking
 * OpenAI's chat-completions wire format with {@link ScriptedRevisionModel}'s answers, and a local Semantic Scholar
 * that knows Switch Transformers, which the test paper's bibliography lacks here (so the citation is new and must be
 * verified).
 */
class ReviseModelModeTest {

    @TempDir
    Path directory;

    private final ScriptedRevisionModel script = new ScriptedRevisionModel();
    private WireMockServer server;
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();
    private final Map<String, String> environment = new HashMap<>();

    @BeforeEach
    void start() {
        server = new WireMockServer(wireMockConfig().dynamicPort().extensions(new OpenAiChatScript(script::answer)));
        server.start();
        server.stubFor(post(urlPathEqualTo("/v1/chat/completions"))
                .willReturn(ResponseDefinitionBuilder.responseDefinition().withTransformers(OpenAiChatScript.NAME)));
        ObjectNode paper = Json.mapper().createObjectNode().put("paperId", "s2-switch")
                .put("title", ScriptedRevisionModel.SWITCH_TITLE).put("year", 2022)
                .put("venue", "Journal of Machine Learning Research").put("publicationDate", "2022-01-01")
                .put("abstract", "Mixture of experts models select different parameters for each input.");
        paper.putArray("authors").addObject().put("name", "William Fedus");
        paper.putObject("externalIds");
        ObjectNode match = Json.mapper().createObjectNode();
        match.putArray("data").add(paper);
        server.stubFor(get(urlPathEqualTo("/graph/v1/paper/search/match")).willReturn(aResponse().withStatus(200)
                .withHeader("Content-Type", "application/json").withBody(match.toString())));
        environment.put("PO_LLM_PROVIDER", "openai");
        environment.put("PO_LLM_BASE_URL", server.baseUrl() + "/v1");
        environment.put("PO_LLM_MODEL", "scripted-revision");
        environment.put("PO_S2_BASE_URL", server.baseUrl());
    }

    @AfterEach
    void stop() {
        server.stop();
    }

    private int po(String... extra) throws IOException {
        Path paper = RevisionCase.paperDirectory(directory);
        // without the Switch Transformers entry: the reviewer's citation must come from the verifier
        Files.writeString(paper.resolve("references.bib"), RevisionCase.BIB.substring(0,
                RevisionCase.BIB.indexOf("@article{fedus2022switch")));
        List<String> args = new ArrayList<>(List.of(paper.toString(), "--reviews"));
        RevisionCase.reviewFiles(directory).forEach(file -> args.add(file.toString()));
        args.addAll(List.of("--materials", RevisionCase.materialsDirectory(directory).toString(), "--out",
                directory.resolve("out").toString()));
        args.addAll(List.of(extra));
        ReviseCommand command = new ReviseCommand();
        command.environment = environment;
        command.stdout = new PrintStream(out, true, StandardCharsets.UTF_8);
        command.stderr = new PrintStream(err, true, StandardCharsets.UTF_8);
        return new CommandLine(command).execute(args.toArray(String[]::new));
    }

    private JsonNode json(String file) throws IOException {
        return Json.mapper().readTree(Files.readString(directory.resolve("out/revision").resolve(file)));
    }

    @Test
    void revises_the_test_paper_in_scripted_model_mode_and_exits_0_with_a_valid_pdf_and_a_clean_audit()
            throws IOException {
        assumeTrue(new LatexCompiler("latexmk", Duration.ofMinutes(1), directory).available(), "no latexmk");

        int exit = po();

        assertThat(exit).as(err.toString() + out).isZero();
        assertThat(out.toString()).contains("MODEL MODE: revised by openai model scripted-revision at "
                + server.baseUrl() + "/v1").doesNotContain("OFFLINE MODE");
        // each point decided as expected
        List<String> decisions = new ArrayList<>();
        json("decisions.json").values().forEach(entry -> decisions.add(entry.path("pointId").asString() + " "
                + entry.path("answered").path("decision").asString()));
        assertThat(decisions).containsExactlyElementsOf(ScriptedRevisionModel.EXPECTED);
        // the fabricating edit rejected by the audit, the score-lowering one rolled back
        JsonNode edits = json("edits.json");
        List<String> outcomes = new ArrayList<>();
        edits.values().forEach(edit -> outcomes.add(edit.path("pointId").asString() + " "
                + edit.path("outcome").asString()));
        assertThat(outcomes).containsExactly("R1.1 KEPT", "R1.2 REJECTED", "R1.2 KEPT", "R1.3 ROLLED_BACK",
                "R2.1 KEPT", "R3.1 KEPT");
        assertThat(edits.get(1).path("reasons").toString()).contains("12.5");
        // the log's numbers verbatim, the new citation verified through Semantic Scholar and written from its record
        String revised = Files.readString(directory.resolve("out/paper.tex"));
        assertThat(revised).contains("AdaBins & 0.103 & 0.364 & 78 \\\\", "learning rate of 0.0002",
                "The router activates 4 of the 16 experts per token.", "\\cite{fedus2022switch}")
                .doesNotContain("12.5", "OFFLINE MODE");
        assertThat(Files.readString(directory.resolve("out/references.bib"))).contains("@article{fedus2022switch",
                "Fedus");
        server.verify(getRequestedFor(urlPathEqualTo("/graph/v1/paper/search/match")));
        // the experiment request answered honestly, without numbers
        String letter = Files.readString(directory.resolve("out/revision/response.md"));
        assertThat(letter).contains("It would be important to evaluate on the KITTI").doesNotContain("0.091");
        assertThat(revised).doesNotContainIgnoringCase("kitti");
        assertThat(directory.resolve("out/revision/response.tex")).exists();
        assertThat(directory.resolve("out/paper.pdf")).exists();
        assertThat(directory.resolve("out/diff.pdf")).exists();
        JsonNode summary = json("summary.json");
        assertThat(summary.path("mode").asString()).isEqualTo("model:openai/scripted-revision");
        assertThat(summary.path("validPdf").asBoolean()).isTrue();
        assertThat(summary.path("audit").path("clean").asBoolean()).isTrue();
        assertThat(summary.path("passed").asBoolean()).isTrue();
    }

    @Test
    void exits_non_zero_when_the_revised_paper_has_no_valid_pdf() throws IOException {
        environment.put("PO_LATEXMK", directory.resolve("no-latexmk").toString());

        int exit = po();

        assertThat(exit).as(err.toString()).isEqualTo(ReviseCommand.NOT_PASSED);
        assertThat(out.toString()).contains("MODEL MODE", "NOT PASSED");
        assertThat(json("summary.json").path("validPdf").asBoolean()).isFalse();
    }

    @Test
    void exits_non_zero_when_the_revised_paper_runs_past_the_page_limit() throws IOException {
        assumeTrue(new LatexCompiler("latexmk", Duration.ofMinutes(1), directory).available(), "no latexmk");
        Files.writeString(Files.createDirectories(directory.resolve("g")).resolve("guidelines.md"),
                "Papers must not exceed 1 page, excluding references.");

        int exit = po("--guidelines", directory.resolve("g/guidelines.md").toString());

        assertThat(exit).as(err.toString()).isEqualTo(ReviseCommand.NOT_PASSED);
        assertThat(json("summary.json").path("gates").path("regressions").toString()).contains("PAGES");
    }

    @Test
    void says_a_retriable_provider_failure_plainly_and_exits_3() throws IOException {
        server.resetMappings();
        server.stubFor(post(urlPathEqualTo("/v1/chat/completions")).willReturn(aResponse().withStatus(503)));
        environment.put("PO_LLM_RETRY_MAXATTEMPTS", "1");

        int exit = po();

        assertThat(exit).isEqualTo(ReviseCommand.MODEL_UNAVAILABLE);
        assertThat(err.toString()).contains("retriable");
    }

    @Test
    void says_a_broken_model_answer_plainly_and_exits_1() throws IOException {
        server.resetMappings();
        ObjectNode body = Json.mapper().createObjectNode();
        body.putArray("choices").addObject().put("index", 0).put("finish_reason", "stop").putObject("message")
                .put("role", "assistant").put("content", "{\"points\": \"not a list\"}");
        server.stubFor(post(urlPathEqualTo("/v1/chat/completions")).willReturn(aResponse().withStatus(200)
                .withHeader("Content-Type", "application/json").withBody(body.toString())));

        int exit = po();

        assertThat(exit).isEqualTo(ReviseCommand.NOT_PASSED);
        assertThat(err.toString()).contains("permanent", "JSON Schema");
    }
}
