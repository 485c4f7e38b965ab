package dev.paperorchestra.bench;

import dev.paperorchestra.service.PaperServiceApplication;
import dev.paperorchestra.embedded.pipeline.EmbeddedPipeline;
import dev.paperorchestra.embedded.pipeline.PaperOutcome;
import dev.paperorchestra.embedded.pipeline.PipelineSettings;
import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.any;
import static com.github.tomakehurst.wiremock.client.WireMock.anyUrl;
import static com.github.tomakehurst.wiremock.core.WireMockConfiguration.wireMockConfig;
import static org.assertj.core.api.Assertions.assertThat;

import com.github.tomakehurst.wiremock.WireMockServer;
import dev.paperorchestra.bench.autorate.JudgeFamily;
import dev.paperorchestra.bench.run.ServerBackend;
import dev.paperorchestra.gateway.LlmRequest;
import dev.paperorchestra.gateway.LlmRole;
import dev.paperorchestra.gateway.Prompt;
import dev.paperorchestra.runtime.gateway.KafkaUsageLedger;
import dev.paperorchestra.cli.run.PaperRun;
import dev.paperorchestra.content.outputs.PaperVerdict;
import dev.paperorchestra.bench.testing.StubModel;
import dev.paperorchestra.bench.testing.StubScholar;
import dev.paperorchestra.content.integrity.ContentGate;
import dev.paperorchestra.base.json.Json;
import dev.paperorchestra.gateway.ModelMode;
import dev.paperorchestra.content.materials.LatexReferences;
import dev.paperorchestra.model.tex.LatexText;
import dev.paperorchestra.content.materials.MarkdownTable;
import dev.paperorchestra.content.materials.MarkdownTables;
import dev.paperorchestra.service.references.ReferenceLookups;
import dev.paperorchestra.service.references.ReferenceQuery;
import dev.paperorchestra.schemas.JobOptions;
import dev.paperorchestra.schemas.LlmMode;
import dev.paperorchestra.schemas.ScholarRecord;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.CommonClientConfigs;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.springframework.context.ConfigurableApplicationContext;
import tools.jackson.databind.JsonNode;

/**
 * A paper in model mode through all six agents, every model call going to an OpenAI-compatible server (a
 * scripted model) and every Semantic Scholar request to a stub of the Graph API: what {@code po run --llm openai
 * --llm-base-url ... --s2-base-url ...} does.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ModelEndToEndIT {

    private static final Path EXAMPLES = Path.of("..", "examples").toAbsolutePath().normalize();
    private static final Path CVPR = EXAMPLES.resolve("cvpr-sparse-depth");
    private static final Path ICLR = EXAMPLES.resolve("iclr-adaptive-optim");
    private static final Duration TIMEOUT = Duration.ofMinutes(5);
    private static final double PAGE_FILL_FLOOR = 0.6;
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
        scholar = new StubScholar(List.of(records(CVPR), records(ICLR)));
        model = new StubModel();
        modelServer = new WireMockServer(wireMockConfig().dynamicPort().extensions(model));
        scholarServer = new WireMockServer(wireMockConfig().dynamicPort().extensions(scholar));
        modelServer.start();
        scholarServer.start();
        modelServer.stubFor(any(anyUrl()).willReturn(aResponse().withTransformers(StubModel.NAME)));
        scholarServer.stubFor(any(anyUrl()).willReturn(aResponse().withTransformers(StubScholar.NAME)));
        Files.createDirectories(Path.of("target"));
        work = Files.createTempDirectory(Path.of("target"), "model-e2e-");
        pipeline = EmbeddedPipeline.start(new PipelineSettings(work.resolve("state"),
                List.of(CVPR.resolve("scholar_records.json"), ICLR.resolve("scholar_records.json")), List.of(
                "--po.llm.provider=openai",
                "--po.llm.base-url=" + modelServer.baseUrl() + "/v1",
                "--po.llm.model=stub-model",
                // every answer comes from the stub: a recorded answer to an earlier test's identical prompt (the
                // same materials and outline) would stand in for the careless paper or the next scripted review
                "--po.llm.cache.mode=off",
                "--po.literature.discovery-sources=searcher",
                "--po.literature.s2.base-url=" + scholarServer.baseUrl(),
                "--po.literature.s2.request-spacing=10ms",
                // the scripted model writes only what the materials hold, 5 of CVPR's 8 pages
                "--po.writer.page-fill-floor=" + PAGE_FILL_FLOOR)), line -> { });
    }

    private static String records(Path materials) throws java.io.IOException {
        return Files.readString(materials.resolve("scholar_records.json"));
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
    void a_human_reference_list_is_looked_up_through_the_pipelines_verifier_and_its_cache() throws Exception {
        JsonNode papers = Json.mapper().readTree(records(ICLR)).get("papers");
        try (ReferenceLookups verifier = new ReferenceLookups(Map.of(CommonClientConfigs.BOOTSTRAP_SERVERS_CONFIG,
                pipeline.bootstrapServers()), TIMEOUT, Clock.systemUTC())) {
            int before = scholar.requests();

            Map<String, ScholarRecord> resolved = verifier.resolve("bench-references-1", referenceList(papers));

            assertResolved(resolved, papers);
            assertThat(scholar.requests()).as("looked up at the Semantic Scholar stub").isGreaterThan(before);

            int afterFirst = scholar.requests();
            assertThat(verifier.resolve("bench-references-2", referenceList(papers))).isEqualTo(resolved);
            assertThat(scholar.requests()).as("the second look-up is answered from scholar-cache").isEqualTo(afterFirst);
        }
    }

    @Test
    void po_bench_against_the_paper_service_looks_references_up_through_the_same_verifier() throws Exception {
        JsonNode papers = Json.mapper().readTree(records(CVPR)).get("papers");
        int port;
        try (ServerSocket socket = new ServerSocket(0)) {
            port = socket.getLocalPort();
        }
        try (ConfigurableApplicationContext service = pipeline.startPaperService(PaperServiceApplication.builder(), port, List.of(), line -> { })) {
            ServerBackend backend = ServerBackend.connect("http://127.0.0.1:" + port, null, false, Clock.systemUTC());

            assertResolved(backend.lookUpReferences("bench-over-http", referenceList(papers)), papers);
        }
    }

    /** The first two papers of a record store by title, and one no source knows. */
    private static List<ReferenceQuery> referenceList(JsonNode papers) {
        return List.of(new ReferenceQuery("first", papers.get(0).get("title").asString(), null, null),
                new ReferenceQuery("second", papers.get(1).get("title").asString(), null, null),
                new ReferenceQuery("unknown", "Notes on a Method No Scholarly Source Has Ever Indexed", null, null));
    }

    private static void assertResolved(Map<String, ScholarRecord> resolved, JsonNode papers) {
        assertThat(resolved).containsOnlyKeys("first", "second");
        assertThat(resolved.get("first").getScholarId()).isEqualTo(papers.get(0).get("paperId").asString());
        assertThat(resolved.get("second").getScholarId()).isEqualTo(papers.get(1).get("paperId").asString());
    }

    @Test
    void every_agent_sends_its_model_calls_to_the_configured_server_and_the_two_column_paper_passes_every_gate()
            throws Exception {
        JsonNode summary = modelPaper(CVPR, "model-cvpr");

        for (String agent : AGENTS) {
            assertThat(summary.at("/llm/byAgent/" + agent + "/calls").asInt()).as(agent + " in " + summary.path("llm"))
                    .isPositive();
        }
        assertThat(summary.at("/llm/inputTokens").asLong()).isPositive();
        assertThat(model.requests()).containsKeys("outline", "search", "draft-literature", "critic", "write",
                "review", "revise");
        assertThat(scholar.requests()).isPositive();
        // every model review scored the rubric, and the summary names its version per review
        assertThat(summary.at("/refinement/panel/reviews/0/rubricVersion").asString()).as(summary.path("refinement")
                .toString()).isEqualTo("v1");
    }

    // issue 42: the first judge family's calls (every model rater's) are read from the ledger its gateway records
    // into, right after the calls, without waiting for the llm-usage topic
    @Test
    void the_first_judge_familys_call_is_in_the_ledger_of_the_agent_whose_gateway_made_it_when_the_call_returns() {
        JudgeFamily first = JudgeFamily.ofAgent("openai:stub-model", pipeline.contexts()).orElseThrow();

        first.gateway().call(new LlmRequest("judged-autorate", "bench", LlmRole.REVIEWER, "You judge.",
                Prompt.builder().task("Judge this.").build(), "{\"type\":\"object\"}", List.of(), 0.0));

        assertThat(first.ledger()).isInstanceOf(KafkaUsageLedger.class);
        var totals = first.ledger().usage("judged-autorate").totals();
        assertThat(totals.calls()).isEqualTo(1);
        assertThat(totals.inputTokens()).isPositive();
    }

    @Test
    void the_single_column_paper_written_by_the_model_passes_every_gate() throws Exception {
        JsonNode summary = modelPaper(ICLR, "model-iclr");

        assertThat(summary.at("/llm/byAgent/writer-agent/calls").asInt()).isPositive();
    }

    @Test
    void a_model_paper_with_the_defects_of_a_careless_model_fails_naming_the_gate_and_each_defect() throws Exception {
        PaperRun.Result offline = run(CVPR, "model-defects-outline", LlmMode.OFFLINE);
        model.prepare(modelOutline(offline), StubScholar.titles(records(CVPR)));
        model.writeWithDefects(true);
        int writesBefore = model.requests().getOrDefault("write", 0);
        PaperRun.Result result;
        try {
            result = run(CVPR, "model-defects", LlmMode.MODEL);
        } finally {
            model.writeWithDefects(false);
        }

        assertThat(result.outcome()).as(console + " " + model.requests()).isInstanceOf(PaperOutcome.Completed.class);
        assertThat(model.requests().getOrDefault("write", 0)).as("the careless paper came from the model")
                .isGreaterThan(writesBefore);
        Path out = result.outputDirectory();
        JsonNode summary = Json.mapper().readTree(Files.readString(out.resolve("summary.json")));
        assertThat(summary.at("/writerGates/repairs/gates").asInt()).as("a repair was asked for").isPositive();
        JsonNode content = gate(summary, "CONTENT");
        assertThat(content.path("passed").asBoolean()).isFalse();
        assertThat(content.path("findings").valueStream().map(JsonNode::asString).toList()).anySatisfy(
                finding -> assertThat(finding).contains("template's placeholder")).anySatisfy(
                finding -> assertThat(finding).startsWith("section \"Conclusion\" is empty")).anySatisfy(
                finding -> assertThat(finding).contains("is written twice")).anySatisfy(
                finding -> assertThat(finding).contains("a materials file name")).anySatisfy(
                finding -> assertThat(finding).contains("only repeats its label"));
        PaperVerdict verdict = PaperVerdict.of(out, true);
        assertThat(verdict.complete()).isFalse();
        assertThat(verdict.shortfalls()).anySatisfy(shortfall -> assertThat(shortfall).startsWith(
                "gate CONTENT failed"));
    }

    private static JsonNode gate(JsonNode summary, String name) {
        return summary.at("/writerGates/gates").valueStream().filter(g -> g.path("gate").asString().equals(name))
                .findFirst().orElseThrow(() -> new AssertionError("no " + name + " gate in " + summary));
    }

    /**
     * The planner's outline: the offline outline of these materials reworded the way a model plans (its own
     * hook and related-work overview), so the model paper does not follow the offline plan word for word.
     */
    private static String modelOutline(PaperRun.Result offline) throws java.io.IOException {
        tools.jackson.databind.node.ObjectNode outline = (tools.jackson.databind.node.ObjectNode) Json.mapper()
                .readTree(Files.readString(offline.outputDirectory().resolve("outline.json")));
        ((tools.jackson.databind.node.ObjectNode) outline.path("intro_related_work_plan")
                .path("introduction_strategy")).put("hook_hypothesis", "Cheap sensors give a few metric readings "
                        + "per frame, and a single image gives shape without scale; the paper joins the two.");
        ((tools.jackson.databind.node.ObjectNode) outline.path("intro_related_work_plan")
                .path("related_work_strategy")).put("overview", "Prior work either predicts depth from one image "
                        + "or completes dense depth from many measurements; neither covers a handful of readings.");
        return outline.toString();
    }

    /**
     * The paper of these materials in model mode, after checking what every model paper must show: it
     * completed, compiled, passed every gate and check, and carries no offline label.
     */
    private JsonNode modelPaper(Path materials, String paperId) throws Exception {
        // the planner answers with its own rewording of the outline the offline rules make for these materials
        PaperRun.Result offline = run(materials, paperId + "-outline", LlmMode.OFFLINE);
        String outline = modelOutline(offline);
        model.prepare(outline, StubScholar.titles(records(materials)));

        PaperRun.Result result = run(materials, paperId, LlmMode.MODEL, 2);

        assertThat(result.outcome()).as(console + " " + model.requests()).isInstanceOf(PaperOutcome.Completed.class);
        assertThat(Files.readString(result.outputDirectory().resolve("outline.json")))
                .isNotEqualTo(Files.readString(offline.outputDirectory().resolve("outline.json")));
        Path out = result.outputDirectory();
        JsonNode summary = Json.mapper().readTree(Files.readString(out.resolve("summary.json")));
        assertThat(summary.path("mode").asString()).isEqualTo("model");
        assertThat(summary.at("/compile/status").asString()).isEqualTo("COMPILED");
        assertThat(out.resolve("paper.pdf")).exists();
        assertThat(summary.at("/writerGates/passed").asBoolean()).as(summary.path("writerGates").toString()).isTrue();
        assertThat(summary.path("checks").valueStream().allMatch(check -> check.path("passed").asBoolean()))
                .as(summary.path("checks").toString()).isTrue();
        assertThat(summary.at("/literature/verified").asInt()).isPositive();
        assertThat(Files.readString(out.resolve("paper.tex"))).doesNotContain(ModelMode.OFFLINE_LABEL);
        assertThat(Files.readString(out.resolve("citation_map.json"))).doesNotContain(ModelMode.OFFLINE_LABEL);
        assertThat(summary.at("/writerGates/gates").valueStream().flatMap(g -> g.path("findings").valueStream()))
                .as("no gate finding").isEmpty();
        assertPaperHoldsTheMaterials(materials, out, summary);
        // reviews of 4, 6 and 5: the first revision is kept, the second reverted
        assertThat(summary.at("/refinement/decisions").valueStream().map(JsonNode::asString).toList())
                .anySatisfy(decision -> assertThat(decision).contains("overall 4 -> 6", ": kept"))
                .anySatisfy(decision -> assertThat(decision).contains("overall 6 -> 5: reverted"));
        // each kept version's LaTeX is published for the console's text diff; the reverted one is not
        assertThat(out.resolve("versions/v0.tex")).exists();
        assertThat(out.resolve("versions/v2.tex")).doesNotExist();
        assertThat(Files.readString(out.resolve("versions/v1.tex"))).isEqualTo(Files.readString(out.resolve("paper.tex")))
                .isNotEqualTo(Files.readString(out.resolve("versions/v0.tex")));
        return summary;
    }

    /** Log tables a chart presents alone (its spec gives no reason to typeset them too): caption to drawn cells. */
    private static Map<String, List<String>> chartedAlone(Path out) throws Exception {
        Map<String, List<String>> charted = new java.util.HashMap<>();
        Path figures = out.resolve("figures");
        if (!Files.isDirectory(figures)) {
            return charted;
        }
        try (var files = Files.list(figures)) {
            for (Path file : files.filter(f -> f.toString().endsWith(".json")).toList()) {
                JsonNode provenance = Json.mapper().readTree(Files.readString(file));
                String table = provenance.path("source_table").asString("").strip();
                if (!table.isEmpty() && provenance.path("table_also_shown_because").asString("").isBlank()) {
                    List<String> cells = new java.util.ArrayList<>();
                    provenance.path("cells").forEach(cell -> cells.add(cell.path("value").asString()));
                    charted.merge(table, cells, (a, b) -> a.size() >= b.size() ? a : b);
                }
            }
        }
        return charted;
    }

    /**
     * What the paper itself must show: the idea's title and an abstract of its own, every numeric table of the
     * log in a tabular with every number exactly as logged (or, when the plan lets a chart present it alone,
     * drawn cell by cell by that chart and in no tabular), the pool cited in the introduction and related work,
     * and a main text between the page floor and the limit.
     */
    private static void assertPaperHoldsTheMaterials(Path materials, Path out, JsonNode summary) throws Exception {
        String tex = Files.readString(out.resolve("paper.tex"));
        String idea = Files.readString(materials.resolve("idea.md"));
        String ideaTitle = idea.lines().filter(line -> line.startsWith("# ")).findFirst().orElseThrow()
                .substring(2).strip();
        assertThat(ContentGate.words(title(tex))).as("title")
                .isEqualTo(ContentGate.words(LatexText.text(ideaTitle)));
        String abstractText = between(tex, "\\begin{abstract}", "\\end{abstract}");
        assertThat(abstractText.split("\\s+")).as("abstract words").hasSizeGreaterThanOrEqualTo(70);
        assertThat(abstractText).contains(idea.lines().filter(line -> !line.isBlank() && !line.startsWith("#"))
                .findFirst().orElseThrow().split("\\.")[0]);

        List<String> tabulars = java.util.regex.Pattern.compile("(?s)\\\\begin\\{tabular}.*?\\\\end\\{tabular}")
                .matcher(tex).results().map(java.util.regex.MatchResult::group)
                .map(t -> t.replace("{,}", "").replace(",", "")).toList();
        List<MarkdownTable> logTables = MarkdownTables.parse(Files.readString(materials.resolve("experimental_log.md")));
        assertThat(logTables).isNotEmpty();
        Map<String, List<String>> chartedAlone = chartedAlone(out);
        for (MarkdownTable table : logTables) {
            List<String> numbers = new java.util.ArrayList<>();
            for (int row = 0; row < table.rows().size(); row++) {
                for (int column : table.numericColumns()) {
                    table.number(row, column).ifPresent(cell -> numbers.add(cell.digits()));
                }
            }
            if (chartedAlone.containsKey(table.caption().strip())) {
                // the plan lets a chart present it alone: the chart draws every number, and no tabular repeats it
                assertThat(chartedAlone.get(table.caption().strip())).as("the chart of \"" + table.caption() + "\"")
                        .containsExactlyInAnyOrderElementsOf(numbers);
                assertThat(tabulars).as("no tabular repeats \"" + table.caption() + "\"")
                        .noneSatisfy(tabular -> assertThat(tabular).contains(numbers));
            } else {
                assertThat(tabulars).as("a tabular with every number of log table \"" + table.caption() + "\"")
                        .anySatisfy(tabular -> assertThat(tabular).contains(numbers));
            }
        }
        assertThat(summary.path("tables").asInt()).isEqualTo(logTables.size() - chartedAlone.size());

        String literature = between(tex, "\\section{Introduction}", "\\section{Method}");
        int pool = summary.at("/literature/poolSize").asInt();
        assertThat(pool).isPositive();
        assertThat(LatexReferences.citeKeys(literature).size()).as("pool papers cited in introduction and related "
                + "work, of " + pool).isGreaterThanOrEqualTo((int) Math.ceil(0.9 * pool));

        int pages = summary.at("/writerGates/mainTextPages").asInt();
        int limit = summary.at("/writerGates/pageLimit").asInt();
        assertThat(pages).as("main-text pages").isBetween((int) Math.ceil(PAGE_FILL_FLOOR * limit), limit);
    }

    private static String title(String tex) {
        int start = tex.indexOf("\\title{") + "\\title{".length();
        return tex.substring(start, tex.indexOf("}\n", start));
    }

    private static String between(String text, String start, String end) {
        int from = text.indexOf(start);
        assertThat(from).as(start).isNotNegative();
        int to = text.indexOf(end, from);
        assertThat(to).as(end).isGreaterThan(from);
        return text.substring(from + start.length(), to);
    }

    private PaperRun.Result run(Path materials, String paperId, LlmMode mode) {
        return run(materials, paperId, mode, 1);
    }

    private PaperRun.Result run(Path materials, String paperId, LlmMode mode, int iterations) {
        JobOptions options = JobOptions.newBuilder().setCutoffDate("2024-11-01").setRefineIterationLimit(iterations)
                .setLlmMode(mode).build();
        return new PaperRun(pipeline, new PrintStream(console, true, StandardCharsets.UTF_8), Clock.systemUTC())
                .run(materials, paperId, options, work.resolve("out"), TIMEOUT);
    }
}
