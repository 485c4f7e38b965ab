package dev.paperorchestra.writer.draft;

import static dev.paperorchestra.writer.TestMaterials.CVPR;
import static dev.paperorchestra.writer.TestMaterials.example;
import static dev.paperorchestra.writer.TestMaterials.literatureDraft;
import static dev.paperorchestra.writer.TestMaterials.read;
import static org.assertj.core.api.Assertions.assertThat;

import dev.paperorchestra.runtime.AgentIdentity;
import dev.paperorchestra.runtime.blob.BlobStore;
import dev.paperorchestra.runtime.blob.LocalBlobStore;
import dev.paperorchestra.runtime.blob.MediaTypes;
import dev.paperorchestra.content.latex.LatexCompiler;
import dev.paperorchestra.gateway.LlmGateway;
import dev.paperorchestra.gateway.UnconfiguredLlmGateway;
import dev.paperorchestra.content.materials.MarkdownTable;
import dev.paperorchestra.content.materials.MarkdownTables;
import dev.paperorchestra.content.materials.MaterialsDirectory;
import dev.paperorchestra.schemas.Figure;
import dev.paperorchestra.schemas.FiguresReadyEvent;
import dev.paperorchestra.schemas.GateOutcome;
import dev.paperorchestra.schemas.JobOptions;
import dev.paperorchestra.schemas.LiteratureReadyEvent;
import dev.paperorchestra.schemas.LlmMode;
import dev.paperorchestra.schemas.PaperContext;
import dev.paperorchestra.writer.ScriptedGateway;
import dev.paperorchestra.writer.TestMaterials;
import dev.paperorchestra.writer.join.DraftResult;
import dev.paperorchestra.writer.latex.Labels;
import dev.paperorchestra.writer.repair.DraftRepairLoop;
import dev.paperorchestra.writer.repair.RepairLimits;
import dev.paperorchestra.writer.sections.ModelSectionWriter;
import dev.paperorchestra.writer.sections.SectionWriter;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.stream.Collectors;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Table or chart, never both without a reason; and a left-out figure never referred to. Drafted from the CVPR
 * example with one generated chart whose provenance names the table it draws.
 */
class FigurePresentationDraftTest {

    private static final AgentIdentity IDENTITY = new AgentIdentity("writer-agent", "writer");
    private static final String LEFT_OUT = "fig_pipeline_overview: the TikZ source never compiled in 3 rounds "
            + "(Undefined control sequence)";
    private static final String OUTLINE = """
            {"plotting_plan": [{"figure_id": "fig_pipeline_overview", "title": "GlimpseDepth pipeline overview",
              "plot_type": "diagram", "data_source": "idea.md", "objective": "the method", "aspect_ratio": "16:9"}]}
            """;

    @TempDir
    Path temp;
    BlobStore blobs;
    List<MarkdownTable> tables;
    MarkdownTable charted;

    @BeforeEach
    void setUp() {
        blobs = new LocalBlobStore(temp.resolve("blobs"));
        tables = MarkdownTables.parse(read(CVPR, "experimental_log.md"));
        charted = tables.get(1);
    }

    /** A generated chart of {@code table}, as the plotting agent leaves it. */
    private Figure chart(String table, @Nullable String alsoShownBecause, boolean fellBack) {
        String provenance = "{\"figure_id\": \"fig_kitti\", \"mode\": \"offline\", \"kind\": \"grouped_bar\", "
                + "\"source_table\": \"" + table + "\", \"fell_back\": " + fellBack
                + (alsoShownBecause == null ? "" : ", \"table_also_shown_because\": \"" + alsoShownBecause + "\"")
                + "}";
        return Figure.newBuilder(TestMaterials.figure("fig_kitti", "fig_kitti.png", "4:3", null,
                        blobs.put(TestMaterials.png(200, 150), MediaTypes.PNG)))
                .setProvenance(blobs.putText(provenance, MediaTypes.JSON)).build();
    }

    private DraftResult draft(LlmMode mode, LlmGateway llm, List<String> skipped, Figure... figures) {
        PaperContext context = MaterialsDirectory.upload(example(CVPR), "p1",
                JobOptions.newBuilder().setLlmMode(mode).build(), blobs, Instant.parse("2025-01-01T00:00:00Z"));
        context = PaperContext.newBuilder(context).setOutline(blobs.putText(OUTLINE, MediaTypes.JSON)).build();
        LiteratureReadyEvent literature = TestMaterials.literature(context,
                blobs.putText(literatureDraft(read(CVPR, "template.tex")), MediaTypes.TEX),
                blobs.putText(TestMaterials.bibliography(), MediaTypes.BIBTEX), blobs.putText("{}", MediaTypes.JSON));
        FiguresReadyEvent rendered = FiguresReadyEvent.newBuilder().setContext(context)
                .setFigures(List.of(figures)).setSkipped(skipped).build();
        return new PaperDrafter(blobs, new SectionWriter(), new ModelSectionWriter(llm, IDENTITY.name()),
                new DraftRepairLoop(new LatexCompiler("latexmk-missing", Duration.ofSeconds(5), temp.resolve("jobs")),
                        new RepairLimits(2, 2, 2)), IDENTITY,
                Clock.fixed(Instant.parse("2025-01-01T01:00:00Z"), ZoneOffset.UTC),
                new WriterMetrics(new SimpleMeterRegistry())).draft(literature, rendered);
    }

    private String tex(DraftResult result) {
        return blobs.getText(result.draft().getDraft().getTex());
    }

    /** True when the table's float is in the paper (the writer labels a log table after its caption). */
    private static boolean typeset(String tex, MarkdownTable table) {
        return tex.contains("\\label{tab:" + Labels.slug(table.caption()) + "}");
    }

    private static void assertEveryGatePassed(DraftResult result) {
        assertThat(result.draft().getStats().getGates()).allSatisfy(gate ->
                assertThat(gate.getPassed()).as(gate.getGate() + ": " + gate.getFindings()).isTrue());
    }

    @Test
    void a_table_an_included_chart_draws_without_a_reason_is_not_typeset_and_still_counts_as_presented() {
        DraftResult result = draft(LlmMode.OFFLINE, new UnconfiguredLlmGateway(), List.of(),
                chart(charted.caption(), null, false));

        String tex = tex(result);
        assertThat(typeset(tex, charted)).as("the charted table typeset").isFalse();
        assertThat(tex).contains("Figure~\\ref{fig:fig_kitti} draws");
        // every other (uncharted) table is typeset
        assertThat(tables.stream().filter(table -> table != charted)).allSatisfy(table ->
                assertThat(typeset(tex, table)).as(table.caption()).isTrue());
        assertThat(result.draft().getStats().getTableCount()).isEqualTo(tables.size() - 1);
        assertEveryGatePassed(result);
        assertThat(result.statuses().getLast().getMessage()).containsPattern("(\\d+)/\\1 logged numbers in place");
    }

    @Test
    void a_table_whose_chart_gives_a_reason_is_typeset_as_well() {
        DraftResult result = draft(LlmMode.OFFLINE, new UnconfiguredLlmGateway(), List.of(),
                chart(charted.caption(), "the chart draws 8 of the table's 32 logged numbers", false));

        assertThat(typeset(tex(result), charted)).isTrue();
        assertThat(result.draft().getStats().getTableCount()).isEqualTo(tables.size());
        assertEveryGatePassed(result);
    }

    @Test
    void a_chart_that_fell_back_still_presents_its_table() {
        DraftResult result = draft(LlmMode.OFFLINE, new UnconfiguredLlmGateway(), List.of(),
                chart(charted.caption(), null, true));

        assertThat(typeset(tex(result), charted)).isFalse();
        assertEveryGatePassed(result);
    }

    @Test
    void without_charts_every_table_is_typeset() {
        DraftResult result = draft(LlmMode.OFFLINE, new UnconfiguredLlmGateway(), List.of());

        assertThat(tables).allSatisfy(table -> assertThat(typeset(tex(result), table)).as(table.caption()).isTrue());
    }

    @Test
    void a_tikz_diagram_left_out_is_never_referred_to_by_the_offline_draft() {
        DraftResult result = draft(LlmMode.OFFLINE, new UnconfiguredLlmGateway(), List.of(LEFT_OUT));

        assertThat(tex(result)).doesNotContain("fig_pipeline_overview", "pipeline_overview");
        assertEveryGatePassed(result);
    }

    @Test
    void a_model_draft_that_mentions_a_left_out_figure_gets_a_content_finding_and_the_adjusted_text_passes() {
        String clean = new SectionWriter().write(new dev.paperorchestra.writer.sections.WriterInputs(
                literatureDraft(read(CVPR, "template.tex")), read(CVPR, "idea.md"), read(CVPR, "experimental_log.md"),
                List.of())).tex().lines().skip(1).collect(Collectors.joining("\n"));
        String mentioning = clean.replaceFirst("\\\\section\\{Experiments}",
                "\\\\section{Experiments}\nFigure~\\\\ref{fig:pipeline_overview} illustrates how the glimpse tokens "
                        + "are chosen before the decoder runs.\n");
        ScriptedGateway gateway = new ScriptedGateway("```latex\n" + mentioning + "\n```",
                "```latex\n" + clean + "\n```");

        DraftResult result = draft(LlmMode.MODEL, gateway, List.of(LEFT_OUT));

        assertThat(gateway.requests().getFirst().user()).contains("## Figures left out",
                "fig_pipeline_overview (\"GlimpseDepth pipeline overview\")", "never compiled");
        assertThat(gateway.requests()).hasSize(2);
        assertThat(gateway.requests().get(1).user()).contains("[CONTENT] the text refers to figure "
                + "fig_pipeline_overview (\"GlimpseDepth pipeline overview\"), which was left out");
        assertThat(tex(result)).doesNotContain("pipeline_overview");
        assertThat(result.draft().getStats().getGates()).filteredOn(gate -> gate.getGate().equals("CONTENT"))
                .singleElement().extracting(GateOutcome::getPassed).isEqualTo(true);
        assertThat(result.draft().getStats().getRepairs().getGates()).isEqualTo(1);
    }
}
