package dev.paperorchestra.writer.draft;

import static dev.paperorchestra.writer.TestMaterials.CVPR;
import static dev.paperorchestra.writer.TestMaterials.example;
import static dev.paperorchestra.writer.TestMaterials.figure;
import static dev.paperorchestra.writer.TestMaterials.literatureDraft;
import static dev.paperorchestra.writer.TestMaterials.read;
import static dev.paperorchestra.writer.TestMaterials.timing;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.paperorchestra.runtime.AgentIdentity;
import dev.paperorchestra.runtime.blob.BlobStore;
import dev.paperorchestra.runtime.blob.LocalBlobStore;
import dev.paperorchestra.runtime.blob.MediaTypes;
import dev.paperorchestra.base.errors.PermanentException;
import dev.paperorchestra.gateway.LlmGateway;
import dev.paperorchestra.gateway.LlmRequest;
import dev.paperorchestra.gateway.LlmResponse;
import dev.paperorchestra.gateway.LlmRole;
import dev.paperorchestra.gateway.ModelMode;
import dev.paperorchestra.gateway.Prompt;
import dev.paperorchestra.gateway.UnconfiguredLlmGateway;
import dev.paperorchestra.content.materials.MaterialsDirectory;
import dev.paperorchestra.schemas.CompileStatus;
import dev.paperorchestra.schemas.Figure;
import dev.paperorchestra.schemas.FiguresReadyEvent;
import dev.paperorchestra.schemas.GateOutcome;
import dev.paperorchestra.schemas.JobOptions;
import dev.paperorchestra.schemas.LiteratureReadyEvent;
import dev.paperorchestra.schemas.LlmMode;
import dev.paperorchestra.schemas.PaperContext;
import dev.paperorchestra.schemas.PaperStatusChangedEvent;
import dev.paperorchestra.schemas.StageState;
import dev.paperorchestra.schemas.StageTiming;
import dev.paperorchestra.writer.ScriptedGateway;
import dev.paperorchestra.writer.TestMaterials;
import dev.paperorchestra.content.latex.LatexCompiler;
import dev.paperorchestra.writer.join.DraftResult;
import dev.paperorchestra.writer.repair.DraftRepairLoop;
import dev.paperorchestra.writer.repair.RepairLimits;
import dev.paperorchestra.writer.sections.ModelSectionWriter;
import dev.paperorchestra.writer.sections.SectionWriter;
import dev.paperorchestra.writer.sections.WriterInputs;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PaperDrafterTest {

    private static final Instant NOW = Instant.parse("2025-01-01T01:00:00Z");
    private static final AgentIdentity IDENTITY = new AgentIdentity("writer-agent", "writer");

    @TempDir
    Path temp;
    BlobStore blobs;
    Figure figure;
    SimpleMeterRegistry meters = new SimpleMeterRegistry();

    @BeforeEach
    void blobs() {
        blobs = new LocalBlobStore(temp.resolve("blobs"));
        figure = figure("fig_demo", "fig_demo.png", "4:3", null,
                blobs.put(TestMaterials.png(200, 150), MediaTypes.PNG));
    }

    private PaperDrafter drafter(String latexmk, LlmGateway llm) {
        return new PaperDrafter(blobs, new SectionWriter(), new ModelSectionWriter(llm, IDENTITY.name()),
                new DraftRepairLoop(new LatexCompiler(latexmk, Duration.ofSeconds(120), temp.resolve("jobs")),
                        new RepairLimits(2, 2, 2)), IDENTITY,
                Clock.fixed(NOW, ZoneOffset.UTC), new WriterMetrics(meters));
    }

    private DraftResult draft(String latexmk, LlmMode mode, LlmGateway llm) {
        return draft(latexmk, mode, llm, null);
    }

    private DraftResult draft(String latexmk, LlmMode mode, LlmGateway llm, Integer pageLimit) {
        PaperContext context = MaterialsDirectory.upload(example(CVPR), "p1",
                JobOptions.newBuilder().setLlmMode(mode).setPageLimit(pageLimit).build(), blobs,
                Instant.parse("2025-01-01T00:00:00Z"));
        StageTiming outline = timing("outline", "2025-01-01T00:00:00Z", "2025-01-01T00:01:00Z");
        LiteratureReadyEvent literature = TestMaterials.literature(withTimings(context, outline,
                        timing("literature", "2025-01-01T00:01:00Z", "2025-01-01T00:20:00Z")),
                blobs.putText(literatureDraft(read(CVPR, "template.tex")), MediaTypes.TEX),
                blobs.putText(TestMaterials.bibliography(), MediaTypes.BIBTEX), blobs.putText("{}", MediaTypes.JSON));
        FiguresReadyEvent figures = TestMaterials.figures(withTimings(context, outline,
                timing("plotting", "2025-01-01T00:01:00Z", "2025-01-01T00:10:00Z")), figure);
        return drafter(latexmk, llm).draft(literature, figures);
    }

    private static PaperContext withTimings(PaperContext context, StageTiming... timings) {
        return PaperContext.newBuilder(context).setTimings(List.of(timings)).build();
    }

    @Test
    void without_tex_the_draft_goes_on_with_the_pdf_skipped_and_a_notice() {
        DraftResult result = draft("latexmk-missing", LlmMode.OFFLINE, new UnconfiguredLlmGateway());

        assertThat(result.draft().getDraft().getCompile().getStatus()).isEqualTo(CompileStatus.SKIPPED);
        assertThat(result.draft().getDraft().getPdf()).isNull();
        assertThat(result.statuses()).extracting(PaperStatusChangedEvent::getState)
                .containsExactly(StageState.NOTICE, StageState.COMPLETED);
        assertThat(result.statuses().getFirst().getMessage())
                .isEqualTo("PDF skipped: latexmk-missing not found on PATH; install TeX Live to get paper.pdf");
        assertThat(result.statuses().getLast().getMessage()).isEqualTo(
                "paper.tex written (6 tables, 1 figure, 239/239 logged numbers in place); PDF skipped: "
                        + "latexmk-missing not found on PATH; install TeX Live to get paper.pdf; 6 gates passed");
        assertThat(result.statuses()).allSatisfy(status -> {
            assertThat(status.getStage()).isEqualTo("writer");
            assertThat(status.getAgent()).isEqualTo("writer-agent");
            assertThat(status.getPaperId()).isEqualTo("p1");
        });
    }

    @Test
    void a_finished_draft_counts_its_compile_outcome_and_gate_verdicts_and_leaves_the_other_series_at_zero() {
        draft("latexmk-missing", LlmMode.OFFLINE, new UnconfiguredLlmGateway());

        assertThat(meters.get(WriterMetrics.COMPILES).tag("outcome", "skipped").counter().count()).isEqualTo(1);
        assertThat(meters.get(WriterMetrics.COMPILES).tag("outcome", "compiled").counter().count()).isZero();
        assertThat(meters.get(WriterMetrics.GATE_VERDICTS).tag("verdict", "pass").counters())
                .hasSize(6).allSatisfy(counter -> assertThat(counter.count()).isEqualTo(1));
        assertThat(meters.get(WriterMetrics.GATE_VERDICTS).tag("verdict", "fail").counters())
                .hasSize(6).allSatisfy(counter -> assertThat(counter.count()).isZero());
        assertThat(meters.get(WriterMetrics.REPAIRS).counters()).hasSize(3)
                .allSatisfy(counter -> assertThat(counter.count()).isZero());
    }

    @Test
    void the_draft_is_version_zero_with_the_offline_tex_stored() {
        DraftResult result = draft("latexmk-missing", LlmMode.OFFLINE, new UnconfiguredLlmGateway());

        assertThat(result.draft().getDraft().getVersion()).isZero();
        String tex = blobs.getText(result.draft().getDraft().getTex());
        assertThat(tex).startsWith("% " + ModelMode.OFFLINE_LABEL + "\n").contains("{figures/fig_demo.png}");
        assertThat(result.draft().getDraft().getTex().getMediaType()).isEqualTo(MediaTypes.TEX);
    }

    @Test
    void stats_combine_the_literature_counts_with_what_was_written() {
        DraftResult result = draft("latexmk-missing", LlmMode.OFFLINE, new UnconfiguredLlmGateway());

        var stats = result.draft().getStats();
        assertThat(List.of(stats.getCandidateCount(), stats.getVerifiedCitations(), stats.getRejectedCandidates(),
                stats.getScholarRequests())).containsExactly(14, 11, 3, 17);
        assertThat(List.of(stats.getCandidatesFound(), stats.getScholarCacheHits(), stats.getScholarResolved()))
                .containsExactly(20, 5, 9);
        assertThat(stats.getScholarSource()).isEqualTo("semantic-scholar");
        assertThat(stats.getScholarReplayLookups()).isEqualTo(2);
        assertThat(stats.getRejectedByReason()).containsExactly(Map.entry("no-abstract", 3));
        assertThat(stats.getFigureCount()).isEqualTo(1);
        assertThat(stats.getTableCount()).isEqualTo(6);
        assertThat(stats.getCitedKeys()).isEqualTo(2);
        assertThat(stats.getGates()).extracting(GateOutcome::getGate)
                .containsExactly("NUMERIC_FIDELITY", "CITATIONS", "FIGURES", "STRUCTURE", "CONTENT", "PAGES");
        assertThat(stats.getGates()).allSatisfy(gate -> assertThat(gate.getPassed()).as(gate.getFindings().toString())
                .isTrue());
        assertThat(stats.getRepairs().getCompile()).isZero();
        assertThat(stats.getPageLimit()).isEqualTo(8);
        assertThat(result.draft().getFigures()).containsExactly(figure);
    }

    @Test
    void the_jobs_page_limit_wins_over_the_guidelines() {
        DraftResult result = draft("latexmk-missing", LlmMode.OFFLINE, new UnconfiguredLlmGateway(), 5);

        assertThat(result.draft().getStats().getPageLimit()).isEqualTo(5);
    }

    @Test
    void the_context_has_both_branches_timings_and_the_writer_timing_last() {
        DraftResult result = draft("latexmk-missing", LlmMode.OFFLINE, new UnconfiguredLlmGateway());

        List<StageTiming> timings = result.draft().getContext().getTimings();
        assertThat(timings).extracting(StageTiming::getStage)
                .containsExactly("outline", "plotting", "literature", "writer");
        assertThat(timings.getLast().getStartedAt()).isEqualTo(Instant.parse("2025-01-01T00:20:00Z"));
        assertThat(timings.getLast().getFinishedAt()).isEqualTo(NOW);
    }

    @Test
    void a_compiled_draft_carries_its_pdf_and_page_count() {
        assumeTrue(new LatexCompiler("latexmk", Duration.ofSeconds(1), temp).available(), "latexmk is not on PATH");

        DraftResult result = draft("latexmk", LlmMode.OFFLINE, new UnconfiguredLlmGateway());

        var version = result.draft().getDraft();
        assertThat(version.getCompile().getStatus()).isEqualTo(CompileStatus.COMPILED);
        assertThat(version.getCompile().getPageCount()).isGreaterThanOrEqualTo(1);
        assertThat(version.getPdf()).isNotNull();
        assertThat(version.getPdf().getMediaType()).isEqualTo(MediaTypes.PDF);
        assertThat(result.statuses()).extracting(PaperStatusChangedEvent::getState)
                .containsExactly(StageState.COMPLETED);
        assertThat(result.statuses().getFirst().getMessage())
                .matches("paper\\.tex written \\(6 tables, 1 figure, 239/239 logged numbers in place\\), "
                        + "PDF \\d+ pages?; 6 gates passed");
    }

    @Test
    void a_failed_compile_keeps_the_draft_and_explains_in_a_notice() throws Exception {
        Path failing = temp.resolve("failing-latexmk");
        java.nio.file.Files.writeString(failing, "#!/bin/sh\nexit 2\n");
        assumeTrue(failing.toFile().setExecutable(true) && java.nio.file.Files.isExecutable(Path.of("/bin/sh")));

        DraftResult result = draft(failing.toString(), LlmMode.OFFLINE, new UnconfiguredLlmGateway());

        assertThat(result.draft().getDraft().getCompile().getStatus()).isEqualTo(CompileStatus.FAILED);
        assertThat(result.draft().getDraft().getCompile().getMessage())
                .isEqualTo("latexmk exited with code 2 and no PDF");
        assertThat(result.statuses()).extracting(PaperStatusChangedEvent::getState)
                .containsExactly(StageState.NOTICE, StageState.COMPLETED);
        assertThat(result.statuses().getFirst().getMessage()).contains("LaTeX failed")
                .contains("latexmk exited with code 2");
        assertThat(result.statuses().getLast().getMessage())
                .endsWith("logged numbers in place); PDF failed: latexmk exited with code 2 and no PDF; 6 gates passed");
    }

    @Test
    void model_mode_asks_the_planner_and_fails_the_paper_without_a_provider() {
        assertThatThrownBy(() -> draft("latexmk-missing", LlmMode.MODEL, new UnconfiguredLlmGateway()))
                .isInstanceOf(PermanentException.class)
                .hasMessageContaining("role planner");
    }

    @Test
    void model_mode_uses_the_planner_answer_as_the_paper() {
        List<LlmRequest> requests = new ArrayList<>();
        String answer = "\\documentclass{article}\n\\begin{document}\n\\section{Method}\nFrom the model.\n"
                + "\\end{document}\n";
        LlmGateway planner = new LlmGateway() {
            @Override
            public LlmResponse call(LlmRequest request) {
                requests.add(request);
                return new LlmResponse(answer, "stub", "stub-model", 10, 10, false);
            }

        };

        DraftResult result = draft("latexmk-missing", LlmMode.MODEL, planner);

        assertThat(requests.getFirst()).satisfies(request -> {
            assertThat(request.role()).isEqualTo(LlmRole.PLANNER);
            assertThat(request.paperId()).isEqualTo("p1");
            assertThat(request.user()).contains("## Citation map", "=== experimental_log.md ===", "figures/fig_demo.png");
            assertThat(request.images()).singleElement().extracting(LlmRequest.Image::mediaType)
                    .isEqualTo("image/png");
        });
        // the skeletal answer fails the gates (no figure, no tables), so repair calls follow, bounded
        assertThat(requests).hasSizeBetween(2, 3);
        assertThat(requests.subList(1, requests.size())).allSatisfy(request ->
                assertThat(request.user()).contains("fails these integrity checks"));
        // writing and repairing begin with the same bytes: the materials in their one rendering
        Prompt.Block materials = requests.getFirst().prompt().blocks().getFirst();
        assertThat(materials.part()).isEqualTo(Prompt.Part.MATERIALS);
        assertThat(materials.text()).startsWith("=== idea.md ===");
        assertThat(requests).allSatisfy(request -> assertThat(request.user()).startsWith(materials.text()));
        String tex = blobs.getText(result.draft().getDraft().getTex());
        assertThat(tex).contains("From the model.").doesNotContain(ModelMode.OFFLINE_LABEL)
                .contains("\\bibliography{references}");
        assertThat(result.statuses().getFirst().getState()).isEqualTo(StageState.NOTICE);
        assertThat(result.statuses().getFirst().getMessage())
                .containsPattern("^\\d+ of 239 numbers of the log's tables are not in paper\\.tex as logged");
    }

    @Test
    void a_faithful_model_answer_passes_every_gate_without_repairs() {
        String offlineTex = new SectionWriter().write(new WriterInputs(literatureDraft(read(CVPR, "template.tex")),
                read(CVPR, "idea.md"), read(CVPR, "experimental_log.md"), List.of(figure))).tex();
        String answer = "Here is the paper.\n```latex\n" + offlineTex.lines().skip(1)
                .collect(java.util.stream.Collectors.joining("\n")) + "\n```\n";
        ScriptedGateway gateway = new ScriptedGateway(answer);

        DraftResult result = draft("latexmk-missing", LlmMode.MODEL, gateway);

        assertThat(gateway.requests()).hasSize(1);
        assertThat(result.draft().getStats().getGates()).allSatisfy(gate ->
                assertThat(gate.getPassed()).as(gate.getGate() + ": " + gate.getFindings()).isTrue());
        assertThat(result.draft().getStats().getRepairs().getGates()).isZero();
        assertThat(blobs.getText(result.draft().getDraft().getTex())).doesNotContain(ModelMode.OFFLINE_LABEL)
                .contains("{figures/fig_demo.png}");
    }

    @Test
    void an_answer_without_a_document_is_asked_again_once_then_fails_the_paper() {
        ScriptedGateway gateway = new ScriptedGateway("I cannot help with that.", "Still no document.");

        assertThatThrownBy(() -> draft("latexmk-missing", LlmMode.MODEL, gateway))
                .isInstanceOf(PermanentException.class)
                .hasMessageContaining("not a complete LaTeX document twice in a row");
        assertThat(gateway.requests()).hasSize(2);
        assertThat(gateway.requests().getLast().user()).contains("held no complete LaTeX document");
    }
}
