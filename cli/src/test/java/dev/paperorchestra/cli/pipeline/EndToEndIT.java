package dev.paperorchestra.cli.pipeline;

import dev.paperorchestra.embedded.pipeline.EmbeddedPipeline;
import dev.paperorchestra.embedded.pipeline.PaperOutcome;
import dev.paperorchestra.embedded.pipeline.PipelineSettings;
import static org.assertj.core.api.Assertions.assertThat;

import dev.paperorchestra.cli.badinput.BadInputCorpus;
import dev.paperorchestra.cli.run.PaperRun;
import dev.paperorchestra.base.json.Json;
import dev.paperorchestra.content.materials.CheckedMaterials;
import dev.paperorchestra.content.materials.IntakeResult;
import dev.paperorchestra.content.materials.JobRequest;
import dev.paperorchestra.content.materials.MarkdownTables;
import dev.paperorchestra.content.materials.MaterialsIntake;
import dev.paperorchestra.content.materials.MaterialsLimits;
import dev.paperorchestra.content.materials.NumericCell;
import dev.paperorchestra.schemas.JobOptions;
import dev.paperorchestra.schemas.LlmMode;
import dev.paperorchestra.schemas.PaperStatusChangedEvent;
import dev.paperorchestra.schemas.serde.AvroEventDeserializer;
import dev.paperorchestra.schemas.topics.Topics;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.apache.avro.specific.SpecificRecord;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import tools.jackson.databind.JsonNode;

/** One paper through all six agents on a real embedded KRaft broker, as {@code po run --offline} does it. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class EndToEndIT {

    private static final Path EXAMPLES = Path.of("..", "examples").toAbsolutePath().normalize();
    private static final Path CVPR = EXAMPLES.resolve("cvpr-sparse-depth");
    private static final Duration TIMEOUT = Duration.ofMinutes(5);

    Path work;

    private static final int PLOT_TASK_PARTITIONS = 3;

    EmbeddedPipeline pipeline;
    final ByteArrayOutputStream console = new ByteArrayOutputStream();

    @BeforeAll
    void startPipeline() throws Exception {
        // a per-class @TempDir is not injected before @BeforeAll; the build directory is cleaned by Maven
        Files.createDirectories(Path.of("target"));
        work = Files.createTempDirectory(Path.of("target"), "e2e-");
        // fewer plot-task partitions than the catalog's default: the agents cannot shrink a topic, so the count the
        // broker ends up with shows whether the pipeline created the topics with the agents' counts
        // no deployment-wide scholar records, as po run: a paper finds sources only in its own materials, so a
        // materials set without scholar_records.json verifies none (never another example's)
        pipeline = EmbeddedPipeline.start(new PipelineSettings(work.resolve("state"), List.of(),
                List.of("--po.kafka.partitions." + Topics.PLOT_TASKS.name() + "=" + PLOT_TASK_PARTITIONS)),
                line -> { });
    }

    @AfterAll
    void stopPipeline() {
        pipeline.close();
    }

    @Test
    void the_topics_are_created_with_the_partition_counts_the_agents_are_given() throws Exception {
        try (Admin admin = Admin.create(pipeline.kafka().common())) {
            Map<String, TopicDescription> topics = admin.describeTopics(List.of(Topics.PLOT_TASKS.name(),
                    Topics.PLOT_TASKS.deadLetterName(), Topics.PAPER_DRAFTS.name())).allTopicNames().get();

            assertThat(topics.get(Topics.PLOT_TASKS.name()).partitions()).hasSize(PLOT_TASK_PARTITIONS);
            assertThat(topics.get(Topics.PLOT_TASKS.deadLetterName()).partitions()).hasSize(PLOT_TASK_PARTITIONS);
            assertThat(topics.get(Topics.PAPER_DRAFTS.name()).partitions())
                    .hasSize(Topics.PAPER_DRAFTS.defaultPartitions());
        }
    }

    @Test
    void a_paper_travels_through_all_six_agents_and_every_output_is_written() throws Exception {
        PaperRun.Result result = run(CVPR, "e2e-cvpr");

        assertThat(result.outcome()).as(console.toString()).isInstanceOf(PaperOutcome.Completed.class);
        Path out = result.outputDirectory();
        assertThat(out.resolve("paper.tex")).exists();
        assertThat(out.resolve("references.bib")).exists();
        assertThat(out.resolve("outline.json")).exists();
        assertThat(out.resolve("citation_map.json")).exists();
        assertThat(out.resolve("worklog.json")).exists();
        assertThat(out.resolve("summary.json")).content().contains("offline");
        // replayed lookups are named as such and never read as Semantic Scholar requests
        JsonNode scholar = Json.mapper().readTree(Files.readString(out.resolve("summary.json")));
        assertThat(scholar.at("/scholar/source").asString()).isEqualTo("offline-replay");
        assertThat(scholar.get("scholarRequests").asInt()).isZero();
        assertThat(scholar.at("/scholar/requests").asInt()).isZero();
        assertThat(scholar.at("/scholar/replayLookups").asInt() + scholar.at("/scholar/cacheHits").asInt())
                .isPositive();
        assertThat(out.resolve("reviews").resolve("iteration-0.json")).exists();
        assertThat(console.toString()).contains("outline", "literature", "plotting", "writer", "refine");
    }

    @Test
    void every_status_of_a_paper_and_its_summary_name_one_trace() throws Exception {
        Path out = completed("e2e-trace");

        List<PaperStatusChangedEvent> statuses = statusesOf("e2e-trace");
        String summary = Files.readString(out.resolve("summary.json"));

        assertThat(statuses).extracting(PaperStatusChangedEvent::getStage)
                .contains("outline", "literature", "plotting", "writer", "refine");
        assertThat(statuses).extracting(PaperStatusChangedEvent::getTraceId).doesNotContainNull().hasSameElementsAs(
                List.of(statuses.getFirst().getTraceId()));
        assertThat(statuses.getFirst().getTraceId()).matches("[0-9a-f]{32}");
        assertThat(summary).containsPattern("\"traceId\"\\s*:\\s*\"" + statuses.getFirst().getTraceId() + "\"");
    }

    @Test
    void the_paper_has_booktabs_tables_with_numbers_copied_exactly_from_the_log() throws Exception {
        Path out = completed("e2e-tables");
        String tex = Files.readString(out.resolve("paper.tex"));
        var firstTable = MarkdownTables.parse(Files.readString(CVPR.resolve("experimental_log.md"))).getFirst();
        String digits = NumericCell.parse(firstTable.rows().getFirst().get(firstTable.numericColumns().getFirst()))
                .orElseThrow().digits();

        assertThat(tex).contains("\\toprule", "\\midrule", "\\bottomrule", digits);
        assertThat(tex.lines().findFirst()).hasValueSatisfying(line -> assertThat(line).contains("OFFLINE MODE"));
    }

    @Test
    void every_included_graphic_is_a_generated_chart_in_the_output() throws Exception {
        Path out = completed("e2e-figures");
        Matcher includes = Pattern.compile("\\\\includegraphics(\\[[^]]*])?\\{([^}]+)}")
                .matcher(Files.readString(out.resolve("paper.tex")));

        int count = 0;
        while (includes.find()) {
            assertThat(out.resolve(includes.group(2))).exists();
            count++;
        }
        assertThat(count).isPositive();
    }

    @Test
    void every_cite_key_exists_in_references_bib() throws Exception {
        Path out = completed("e2e-cites");
        Set<String> cited = keys(Pattern.compile("\\\\cite[pt]?\\{([^}]+)}"), Files.readString(out.resolve("paper.tex")))
                .stream().flatMap(group -> java.util.Arrays.stream(group.split(","))).map(String::strip)
                .collect(Collectors.toSet());
        Set<String> defined = keys(Pattern.compile("@\\w+\\{([^,\\s]+),"), Files.readString(out.resolve("references.bib")));

        assertThat(cited).isNotEmpty();
        assertThat(defined).containsAll(cited);
    }

    @Test
    void a_pdf_is_compiled_when_tex_is_installed() throws Exception {
        org.junit.jupiter.api.Assumptions.assumeTrue(onPath("latexmk"), "latexmk is not installed");
        Path out = completed("e2e-pdf");

        assertThat(out.resolve("paper.pdf")).exists();
        assertThat(Files.readAllBytes(out.resolve("paper.pdf"))).startsWith("%PDF".getBytes(StandardCharsets.US_ASCII));
    }

    /**
     * A kit of our own making given as --template-dir: template.tex using a .sty's macro and page heads, its own
     * .bst (TeX's plain.bst under a name only the kit has) and an \\input file in a sub-directory; the paper
     * completes with the head mark on its PDF pages and the kit beside paper.tex in the output.
     */
    @Test
    void a_template_kit_from_elsewhere_is_compiled_with_the_paper_and_its_head_mark_is_in_the_pdf() throws Exception {
        org.junit.jupiter.api.Assumptions.assumeTrue(onPath("latexmk") && onPath("kpsewhich"), "TeX is not installed");
        Path kit = Files.createDirectories(work.resolve("kit").resolve("sub"));
        Path kitRoot = kit.getParent();
        Files.writeString(kitRoot.resolve("kitvenue.sty"), """
                \\ProvidesPackage{kitvenue}
                \\RequirePackage{fancyhdr}
                \\newcommand{\\kitvenuename}{KITMARK Venue 2025}
                \\pagestyle{fancy}\\fancyhf{}\\fancyhead[C]{\\kitvenuename}\\fancyfoot[C]{\\thepage}
                \\fancypagestyle{plain}{\\fancyhf{}\\fancyhead[C]{\\kitvenuename}\\fancyfoot[C]{\\thepage}}
                \\setlength{\\headheight}{14pt}
                """);
        Files.writeString(kit.resolve("kitdefs.tex"), "\\newcommand{\\kitshort}{e.g.}\n");
        Process kpsewhich = new ProcessBuilder("kpsewhich", "plain.bst").start();
        Path plainBst = Path.of(new String(kpsewhich.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip());
        Files.copy(plainBst, kitRoot.resolve("kitstyle.bst"));
        Files.writeString(kitRoot.resolve("template.tex"), Files.readString(CVPR.resolve("template.tex"))
                .replace("\\begin{document}", "\\usepackage{kitvenue}\n\\input{sub/kitdefs}\n\\begin{document}")
                .replaceAll("\\\\bibliographystyle\\{[^}]*}", "\\\\bibliographystyle{kitstyle}"));
        IntakeResult<CheckedMaterials> intake = MaterialsIntake.check(CVPR, kitRoot,
                new JobRequest("2024-11", null, null, 1, true), MaterialsLimits.defaults());
        assertThat(intake).isInstanceOf(IntakeResult.Accepted.class);

        PaperRun.Result result = new PaperRun(pipeline, new PrintStream(console, true, StandardCharsets.UTF_8),
                Clock.systemUTC()).run(((IntakeResult.Accepted<CheckedMaterials>) intake).value(), "e2e-kit",
                work.resolve("out"), TIMEOUT, true);

        assertThat(result.outcome()).as(console.toString()).isInstanceOf(PaperOutcome.Completed.class);
        Path out = result.outputDirectory();
        assertThat(Files.readString(out.resolve("paper.tex"))).contains("\\usepackage{kitvenue}",
                "\\bibliographystyle{kitstyle}", "\\bibliography{references}");
        assertThat(out.resolve("kitvenue.sty")).exists();
        assertThat(out.resolve("sub").resolve("kitdefs.tex")).exists();
        try (org.apache.pdfbox.pdmodel.PDDocument pdf = org.apache.pdfbox.Loader.loadPDF(
                out.resolve("paper.pdf").toFile())) {
            for (int page = 1; page <= pdf.getNumberOfPages(); page++) {
                org.apache.pdfbox.text.PDFTextStripper text = new org.apache.pdfbox.text.PDFTextStripper();
                text.setStartPage(page);
                text.setEndPage(page);
                assertThat(text.getText(pdf)).as("page %d", page).contains("KITMARK Venue 2025");
            }
        }
    }

    /**
     * Both examples and a third materials set in another field with its author kit (ecoacoustics, no scholar
     * records), taken in as {@code po run --offline} takes them: every writer gate passes and the final paper has
     * no CONTENT finding, abstract included. Without records nothing is verified, so that paper cites nothing,
     * says so in its literature status and names earlier work in Related Work only as its materials do.
     */
    @org.junit.jupiter.params.ParameterizedTest(name = "{0}")
    @org.junit.jupiter.params.provider.ValueSource(strings = {"cvpr-sparse-depth", "iclr-adaptive-optim",
            "ecoacoustics-frog-calls"})
    void every_example_passes_every_gate_offline_with_no_content_finding(String example) throws Exception {
        Path materials = EXAMPLES.resolve(example);
        IntakeResult<CheckedMaterials> intake = MaterialsIntake.check(materials,
                new JobRequest(null, null, null, 1, true), MaterialsLimits.defaults());
        assertThat(intake).as(example).isInstanceOf(IntakeResult.Accepted.class);
        ByteArrayOutputStream lines = new ByteArrayOutputStream();

        PaperRun.Result result = new PaperRun(pipeline, new PrintStream(lines, true, StandardCharsets.UTF_8),
                Clock.systemUTC()).run(((IntakeResult.Accepted<CheckedMaterials>) intake).value(), "e2e-all-" + example,
                work.resolve("out"), TIMEOUT, true);

        assertThat(result.outcome()).as(lines.toString()).isInstanceOf(PaperOutcome.Completed.class);
        Path out = result.outputDirectory();
        JsonNode summary = Json.mapper().readTree(Files.readString(out.resolve("summary.json")));
        assertThat(summary.at("/writerGates/passed").asBoolean()).as(summary.at("/writerGates").toString()).isTrue();
        String tex = Files.readString(out.resolve("paper.tex"));
        String ideaAndLog = Files.readString(materials.resolve("idea.md")) + "\n"
                + Files.readString(materials.resolve("experimental_log.md"));
        assertThat(dev.paperorchestra.content.integrity.ContentGate.check(tex, ideaAndLog).findings())
                .as("CONTENT findings of the final paper.tex").isEmpty();
        assertThat(tex).contains("\\begin{abstract}").contains("OFFLINE MODE");
        if (!Files.exists(materials.resolve("scholar_records.json"))) {
            assertThat(summary.at("/literature/verified").asInt()).isZero();
            assertThat(tex).doesNotContainPattern("\\\\cite[pt]?\\{");
            assertThat(dev.paperorchestra.content.materials.LatexReferences.bibKeys(
                    Files.readString(out.resolve("references.bib")))).isEmpty();
            assertThat(tex).contains("No bibliographic source was verified for this paper");
            assertThat(lines.toString()).contains("no source could be verified");
        }
    }

    @Test
    void a_broken_template_fails_the_paper_with_a_message_naming_the_file() {
        PaperRun.Result result = run(EXAMPLES.resolve("broken").resolve("no-sections"), "e2e-broken");

        assertThat(result.outcome()).isInstanceOfSatisfying(PaperOutcome.Failed.class, failed -> {
            assertThat(failed.stage()).isEqualTo("outline");
            assertThat(failed.reason()).contains("template.tex").contains("\\section");
        });
    }

    /**
     * The bad-input cases that are accepted with a note must also get through the agents: a log without
     * tables, with NaN and infinite values, with ragged rows.
     */
    @Test
    void odd_but_usable_logs_from_the_bad_input_corpus_still_make_a_paper() throws Exception {
        for (String name : List.of("log-without-tables", "log-nan-and-infinity", "log-ragged-table")) {
            BadInputCorpus.Case oddity = BadInputCorpus.cases().stream().filter(c -> c.name().equals(name))
                    .findFirst().orElseThrow();
            Path materials = oddity.write(work.resolve("corpus"));
            IntakeResult<CheckedMaterials> intake = MaterialsIntake.check(materials,
                    new JobRequest("2024-11", null, null, 1, true), MaterialsLimits.defaults());
            assertThat(intake).as(name).isInstanceOf(IntakeResult.Accepted.class);

            PaperRun.Result result = new PaperRun(pipeline, new PrintStream(console, true, StandardCharsets.UTF_8),
                    Clock.systemUTC()).run(((IntakeResult.Accepted<CheckedMaterials>) intake).value(), "e2e-" + name,
                    work.resolve("out"), TIMEOUT, true);

            assertThat(result.outcome()).as(name + ": " + console).isInstanceOf(PaperOutcome.Completed.class);
            assertThat(result.outputDirectory().resolve("paper.tex")).exists();
        }
    }

    private Path completed(String paperId) {
        PaperRun.Result result = run(CVPR, paperId);
        assertThat(result.outcome()).as(console.toString()).isInstanceOf(PaperOutcome.Completed.class);
        return result.outputDirectory();
    }

    private PaperRun.Result run(Path materials, String paperId) {
        JobOptions options = JobOptions.newBuilder().setCutoffDate("2024-11-01").setRefineIterationLimit(1)
                .setLlmMode(LlmMode.OFFLINE).build();
        return new PaperRun(pipeline, new PrintStream(console, true, StandardCharsets.UTF_8), Clock.systemUTC())
                .run(materials, paperId, options, work.resolve("out"), TIMEOUT);
    }

    /** Every paper-status event of the paper written so far, read from the start of the topic. */
    private List<PaperStatusChangedEvent> statusesOf(String paperId) {
        try (KafkaConsumer<String, SpecificRecord> consumer = new KafkaConsumer<>(Map.of(
                ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, pipeline.bootstrapServers(),
                ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed"),
                new StringDeserializer(), new AvroEventDeserializer())) {
            List<TopicPartition> partitions = consumer.partitionsFor(Topics.PAPER_STATUS.name()).stream()
                    .map(info -> new TopicPartition(info.topic(), info.partition())).toList();
            consumer.assign(partitions);
            consumer.seekToBeginning(partitions);
            Map<TopicPartition, Long> end = consumer.endOffsets(partitions);
            List<PaperStatusChangedEvent> statuses = new ArrayList<>();
            while (partitions.stream().anyMatch(partition -> consumer.position(partition) < end.get(partition))) {
                for (ConsumerRecord<String, SpecificRecord> record : consumer.poll(Duration.ofMillis(200))) {
                    if (paperId.equals(record.key()) && record.value() instanceof PaperStatusChangedEvent status) {
                        statuses.add(status);
                    }
                }
            }
            return statuses;
        }
    }

    private static Set<String> keys(Pattern pattern, String text) {
        Matcher matcher = pattern.matcher(text);
        Set<String> found = new java.util.HashSet<>();
        while (matcher.find()) {
            found.add(matcher.group(1));
        }
        return found;
    }

    private static boolean onPath(String command) {
        return java.util.Arrays.stream(System.getenv("PATH").split(java.io.File.pathSeparator))
                .anyMatch(dir -> Files.isExecutable(Path.of(dir, command)));
    }
}
