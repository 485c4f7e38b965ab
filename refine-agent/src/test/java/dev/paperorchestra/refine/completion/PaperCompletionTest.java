package dev.paperorchestra.refine.completion;

import static dev.paperorchestra.refine.DraftFixtures.scores;
import static org.assertj.core.api.Assertions.assertThat;

import dev.paperorchestra.model.summary.RunSummary;
import dev.paperorchestra.runtime.tracing.RecordTracing;
import dev.paperorchestra.gateway.usage.InMemoryUsageLedger;
import dev.paperorchestra.gateway.usage.LlmUsage;
import dev.paperorchestra.gateway.usage.PaperUsage;
import dev.paperorchestra.refine.DraftFixtures;
import dev.paperorchestra.runtime.blob.BlobStore;
import dev.paperorchestra.runtime.blob.LocalBlobStore;
import dev.paperorchestra.runtime.blob.MediaTypes;
import dev.paperorchestra.base.json.Json;
import dev.paperorchestra.gateway.ModelMode;
import dev.paperorchestra.schemas.ArtifactRef;
import dev.paperorchestra.schemas.CompileReport;
import dev.paperorchestra.schemas.CompileStatus;
import dev.paperorchestra.schemas.LlmMode;
import dev.paperorchestra.schemas.NamedArtifact;
import dev.paperorchestra.schemas.PaperCompletedEvent;
import dev.paperorchestra.schemas.PaperDraftedEvent;
import dev.paperorchestra.schemas.PaperVersion;
import dev.paperorchestra.schemas.RefinementState;
import dev.paperorchestra.schemas.ReviewedVersion;
import java.nio.file.Path;
import dev.paperorchestra.schemas.GateFinding;
import dev.paperorchestra.schemas.GateOutcome;
import dev.paperorchestra.schemas.WriterRepairs;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

class PaperCompletionTest {

    private static final Instant NOW = DraftFixtures.DRAFTED.plusSeconds(90);

    @TempDir
    Path blobRoot;

    private BlobStore blobs;
    private final InMemoryUsageLedger ledger = new InMemoryUsageLedger();

    @BeforeEach
    void createStore() {
        blobs = new LocalBlobStore(blobRoot);
    }

    private PaperCompletedEvent complete(LlmMode mode) {
        return complete(DraftFixtures.draft(blobs, "paper-1", mode, 0));
    }

    private PaperCompletedEvent complete(PaperDraftedEvent draft) {
        ArtifactRef review = blobs.putText("{\"Overall\": 5}", MediaTypes.JSON);
        RefinementState state = RefinementState.newBuilder().setDraft(draft).setIteration(0)
                .setCandidate(draft.getDraft()).setStartedAt(DraftFixtures.DRAFTED).build();
        ReviewedVersion best = ReviewedVersion.newBuilder().setPaper(draft.getDraft()).setReview(review)
                .setScores(scores(5, 2)).build();
        RefinementOutcome outcome = new RefinementOutcome(state, best,
                List.of(NamedArtifact.newBuilder().setName("reviews/iteration-0.json").setArtifact(review).build()),
                blobs.putText("[ ]", MediaTypes.JSON), List.of("iteration limit 0 reached: kept version 0"), 0, 0);
        return new PaperCompletion(blobs, "refine-agent", ledger, RecordTracing.NONE).complete(outcome, NOW);
    }

    private JsonNode summary(PaperCompletedEvent completed) {
        NamedArtifact summary = completed.getArtifacts().stream().filter(a -> a.getName().equals("summary.json"))
                .findFirst().orElseThrow();
        return Json.mapper().readTree(blobs.getText(summary.getArtifact()));
    }

    @Test
    void names_every_output_file() {
        assertThat(complete(LlmMode.OFFLINE).getArtifacts()).extracting(NamedArtifact::getName).containsExactly(
                "paper.tex", "paper.pdf", "references.bib", "outline.json", "citation_map.json", "worklog.json",
                "summary.json", "figures/fig_results.pdf", "figures/fig_results.png", "figures/fig_results.json",
                "reviews/iteration-0.json");
    }

    /** Issue 32: the console diffs consecutive kept versions, so a paper revised and kept publishes each one. */
    @Test
    void publishes_every_kept_version_and_no_version_that_was_not_kept() {
        PaperDraftedEvent draft = DraftFixtures.draft(blobs, "paper-1", LlmMode.OFFLINE, 0);
        PaperVersion v0 = draft.getDraft();
        PaperVersion v1 = PaperVersion.newBuilder(v0).setVersion(1)
                .setTex(blobs.putText("\\documentclass{article} kept revision", MediaTypes.TEX)).build();
        PaperVersion v2 = PaperVersion.newBuilder(v0).setVersion(2)
                .setTex(blobs.putText("\\documentclass{article} reverted revision", MediaTypes.TEX)).build();
        ArtifactRef review = blobs.putText("{\"Overall\": 6}", MediaTypes.JSON);
        // version 2 was reviewed and reverted: the loop completes with version 1, kept before it
        RefinementState state = RefinementState.newBuilder().setDraft(draft).setIteration(2).setCandidate(v2)
                .setKept(List.of(v0, v1)).setStartedAt(DraftFixtures.DRAFTED).build();
        ReviewedVersion best = ReviewedVersion.newBuilder().setPaper(v1).setReview(review).setScores(scores(6, 2))
                .build();
        RefinementOutcome outcome = new RefinementOutcome(state, best, List.of(), blobs.putText("[ ]",
                MediaTypes.JSON), List.of("revision 2 reverted: kept version 1"), 2, 3);

        PaperCompletedEvent completed = new PaperCompletion(blobs, "refine-agent", ledger, RecordTracing.NONE)
                .complete(outcome, NOW);

        assertThat(completed.getArtifacts()).filteredOn(a -> a.getName().startsWith("versions/"))
                .extracting(NamedArtifact::getName, NamedArtifact::getArtifact)
                .containsExactly(org.assertj.core.groups.Tuple.tuple("versions/v0.tex", v0.getTex()),
                        org.assertj.core.groups.Tuple.tuple("versions/v1.tex", v1.getTex()));
    }

    @Test
    void a_version_kept_last_is_published_after_the_ones_kept_before_unless_its_text_is_unchanged() {
        PaperVersion v0 = DraftFixtures.draft(blobs, "paper-1", LlmMode.OFFLINE, 0).getDraft();
        PaperVersion v1 = PaperVersion.newBuilder(v0).setVersion(1)
                .setTex(blobs.putText("\\documentclass{article} revised", MediaTypes.TEX)).build();
        PaperVersion unchanged = PaperVersion.newBuilder(v1).setVersion(2).build();

        assertThat(RefinementOutcome.keptWith(List.of(v0), v1)).containsExactly(v0, v1);
        assertThat(RefinementOutcome.keptWith(List.of(v0, v1), v1)).containsExactly(v0, v1);
        assertThat(RefinementOutcome.keptWith(List.of(), v0)).containsExactly(v0);
        // kept because it tied, but with the same text: nothing to diff
        assertThat(RefinementOutcome.keptWith(List.of(v0, v1), unchanged)).containsExactly(v0, v1);
    }

    /**
     * Issue 25, finding 6: an author PDF with JavaScript and Launch actions was republished as uploaded under
     * figures/. Only the plotting agent's inspected copy, under the name the paper includes, is published now.
     */
    @Test
    void an_author_figure_is_published_only_as_its_inspected_copy_never_as_uploaded() {
        PaperDraftedEvent draft = DraftFixtures.draft(blobs, "paper-1", LlmMode.OFFLINE, 0);
        ArtifactRef uploaded = blobs.put("%PDF-1.7 /OpenAction << /S /JavaScript /JS (app.alert(1)) >>"
                .getBytes(java.nio.charset.StandardCharsets.US_ASCII), MediaTypes.PDF);
        ArtifactRef inspected = blobs.put("%PDF-1.7 inspected".getBytes(java.nio.charset.StandardCharsets.US_ASCII),
                MediaTypes.PDF);
        var context = dev.paperorchestra.schemas.PaperContext.newBuilder(draft.getContext())
                .setMaterials(dev.paperorchestra.schemas.Materials.newBuilder(draft.getContext().getMaterials())
                        .setFigures(List.of(NamedArtifact.newBuilder().setName("overview.pdf").setArtifact(uploaded)
                                .build()))
                        .build())
                .build();
        var author = dev.paperorchestra.schemas.Figure.newBuilder(draft.getFigures().getFirst())
                .setFigureId("overview").setFileName("author1_overview.pdf").setOriginalFileName("overview.pdf")
                .setPdf(inspected).setPng(null).setProvenance(null).setAuthorSupplied(true).build();
        PaperDraftedEvent withAuthor = PaperDraftedEvent.newBuilder(draft).setContext(context)
                .setFigures(List.of(author)).build();
        ArtifactRef review = blobs.putText("{\"Overall\": 5}", MediaTypes.JSON);
        RefinementState state = RefinementState.newBuilder().setDraft(withAuthor).setIteration(0)
                .setCandidate(withAuthor.getDraft()).setStartedAt(DraftFixtures.DRAFTED).build();
        ReviewedVersion best = ReviewedVersion.newBuilder().setPaper(withAuthor.getDraft()).setReview(review)
                .setScores(scores(5, 2)).build();
        RefinementOutcome outcome = new RefinementOutcome(state, best, List.of(), blobs.putText("[ ]", MediaTypes.JSON),
                List.of("iteration limit 0 reached: kept version 0"), 0, 0);

        PaperCompletedEvent completed = new PaperCompletion(blobs, "refine-agent", ledger, RecordTracing.NONE)
                .complete(outcome, NOW);

        assertThat(completed.getArtifacts()).filteredOn(a -> a.getName().startsWith("figures/"))
                .extracting(NamedArtifact::getName, NamedArtifact::getArtifact)
                .containsExactly(org.assertj.core.groups.Tuple.tuple("figures/author1_overview.pdf", inspected));
        assertThat(completed.getArtifacts()).extracting(NamedArtifact::getArtifact).doesNotContain(uploaded);
    }

    @Test
    void a_paper_that_failed_a_gate_completes_with_its_shortfalls_and_a_clean_one_with_none() {
        PaperDraftedEvent draft = DraftFixtures.draft(blobs, "paper-1", LlmMode.OFFLINE, 0);
        draft.getStats().setGates(List.of(GateOutcome.newBuilder().setGate("CITATIONS").setPassed(false)
                .setChecked(3).setFindings(List.of("\\cite key `x' is not an entry of references.bib")).build()));

        assertThat(complete(draft).getShortfalls())
                .containsExactly("gate CITATIONS failed: \\cite key `x' is not an entry of references.bib");
        assertThat(complete(LlmMode.OFFLINE).getShortfalls()).isEmpty();
    }

    @Test
    void a_paper_without_a_pdf_completes_with_the_compile_error_as_its_first_shortfall() {
        PaperDraftedEvent draft = DraftFixtures.draft(blobs, "paper-1", LlmMode.OFFLINE, 0);
        PaperDraftedEvent noPdf = PaperDraftedEvent.newBuilder(draft).setDraft(PaperVersion.newBuilder(draft.getDraft())
                .setPdf(null).setCompile(CompileReport.newBuilder().setStatus(CompileStatus.FAILED)
                        .setMessage("Undefined control sequence").build()).build()).build();

        assertThat(complete(noPdf).getShortfalls()).first()
                .isEqualTo("paper.pdf: compile failed - Undefined control sequence");
    }

    @Test
    void the_summary_reports_the_writers_integrity_gates_when_the_draft_carries_them() {
        PaperDraftedEvent draft = DraftFixtures.draft(blobs, "paper-1", LlmMode.OFFLINE, 0);
        draft.getStats().setGates(List.of(
                GateOutcome.newBuilder().setGate("NUMERIC_FIDELITY").setPassed(true).setChecked(12)
                        .setFindings(List.of()).build(),
                GateOutcome.newBuilder().setGate("CITATIONS").setPassed(false).setChecked(3)
                        .setFindings(List.of("\\cite key `x' is not an entry of references.bib"))
                        .setTypedFindings(List.of(GateFinding.newBuilder().setGate("CITATIONS")
                                .setRule("cite.unknown-key").setFile("paper.tex").setLine(42)
                                .setMessage("\\cite key `x' is not an entry of references.bib").build())).build()));
        draft.getStats().setRepairs(WriterRepairs.newBuilder().setGates(1).setCompile(0).setPages(0).build());
        draft.getStats().setMainTextPages(8);
        draft.getStats().setPageLimit(9);

        JsonNode gates = new RunSummaryWriter(draft.getContext(), draft.getStats(), new PaperCounts(1, 1, 3), draft.getDraft().getCompile(), 0, 0,
                List.of(), null, List.of(), PaperUsage.none("paper-1")).toSummary().toJsonTree().get("writerGates");

        assertThat(gates.get("passed").asBoolean()).isFalse();
        assertThat(gates.at("/gates/1/findings/0").asString()).contains("`x'");
        JsonNode finding = gates.at("/gates/1/typedFindings/0");
        assertThat(finding.get("gate").asString()).isEqualTo("CITATIONS");
        assertThat(finding.get("rule").asString()).isEqualTo("cite.unknown-key");
        assertThat(finding.at("/location/file").asString()).isEqualTo("paper.tex");
        assertThat(finding.at("/location/line").asInt()).isEqualTo(42);
        assertThat(finding.get("message").asString()).contains("`x'");
        assertThat(gates.at("/gates/0/typedFindings").isEmpty()).isTrue();
        assertThat(gates.at("/repairs/gates").asInt()).isEqualTo(1);
        assertThat(gates.get("mainTextPages").asInt()).isEqualTo(8);
        assertThat(gates.get("pageLimit").asInt()).isEqualTo(9);
    }

    @Test
    void the_summary_is_the_versioned_document_every_reader_parses() {
        PaperCompletedEvent completed = complete(LlmMode.OFFLINE);
        JsonNode json = summary(completed);

        assertThat(json.get("schemaVersion").asInt()).isEqualTo(RunSummary.SCHEMA_VERSION);
        RunSummary summary = RunSummary.parse(json.toString());
        assertThat(summary.paperId()).isEqualTo(completed.getContext().getPaperId());
        assertThat(summary.refinement().reviews()).containsExactly("reviews/iteration-0.json");
        assertThat(summary.refinement().worklog()).isEqualTo("worklog.json");
        assertThat(Json.mapper().readTree(summary.toJsonText())).isEqualTo(json);
    }

    @Test
    void an_offline_summary_carries_the_label_and_no_model_usage() {
        JsonNode summary = summary(complete(LlmMode.OFFLINE));

        assertThat(summary.get("mode").asString()).isEqualTo("offline");
        assertThat(summary.get("label").asString()).isEqualTo(ModelMode.OFFLINE_LABEL);
        assertThat(summary.at("/llm/calls").asInt()).isZero();
        assertThat(summary.at("/llm/estimatedCostUsd").asDouble()).isZero();
    }

    @Test
    void a_model_summary_sums_every_agents_calls_from_the_usage_ledger() {
        ledger.record(new LlmUsage("paper-1", "outline-agent", "planner", "openai", "m", 1000, 200, 0.01, false));
        ledger.record(new LlmUsage("paper-1", "reviewer-agent", "reviewer", "openai", "m", 3000, 400, 0.03, false));
        ledger.record(new LlmUsage("paper-1", "reviewer-agent", "reviewer", "openai", "m", 0, 0, 0, true));
        ledger.record(new LlmUsage("paper-2", "outline-agent", "planner", "openai", "m", 9999, 9999, 9, false));

        JsonNode summary = summary(complete(LlmMode.MODEL));

        assertThat(summary.get("mode").asString()).isEqualTo("model");
        assertThat(summary.has("label")).isFalse();
        assertThat(summary.at("/llm/calls").asInt()).isEqualTo(2);
        assertThat(summary.at("/llm/cacheHits").asInt()).isEqualTo(1);
        assertThat(summary.at("/llm/inputTokens").asInt()).isEqualTo(4000);
        assertThat(summary.at("/llm/estimatedCostUsd").asDouble()).isEqualTo(0.04);
        assertThat(summary.at("/llm/byAgent/reviewer-agent/outputTokens").asInt()).isEqualTo(400);
        assertThat(summary.at("/llm/byRole/planner/calls").asInt()).isEqualTo(1);
    }

    @Test
    void a_model_summary_splits_each_agents_calls_by_role_so_the_figure_calls_are_counted_per_paper() {
        for (int critique = 0; critique < 3; critique++) {
            ledger.record(new LlmUsage("paper-1", "plotting-agent", "critic", "openai", "m", 500, 50, 0.001, false));
        }
        ledger.record(new LlmUsage("paper-1", "plotting-agent", "planner", "openai", "m", 800, 300, 0.002, false));
        ledger.record(new LlmUsage("paper-1", "writer-agent", "planner", "openai", "m", 9000, 4000, 0.05, false));

        JsonNode summary = summary(complete(LlmMode.MODEL));

        assertThat(summary.at("/llm/byAgent/plotting-agent/calls").asInt()).isEqualTo(4);
        assertThat(summary.at("/llm/byAgent/plotting-agent/byRole/critic/calls").asInt()).isEqualTo(3);
        assertThat(summary.at("/llm/byAgent/plotting-agent/byRole/planner/calls").asInt()).isEqualTo(1);
        assertThat(summary.at("/llm/byAgent/writer-agent/byRole/planner/calls").asInt()).isEqualTo(1);
        assertThat(summary.at("/llm/byRole/planner/calls").asInt()).isEqualTo(2);
    }

    @Test
    void the_summary_reports_the_checks_of_the_final_paper() {
        JsonNode checks = summary(complete(LlmMode.OFFLINE)).get("checks");

        assertThat(checks).extracting(check -> check.get("name").asString()).containsExactly(
                ConsistencyChecks.COMPILED, ConsistencyChecks.CITATIONS, ConsistencyChecks.FIGURES);
        assertThat(checks).allSatisfy(check -> assertThat(check.get("passed").asBoolean()).isTrue());
        assertThat(checks.get(1).get("detail").asString())
                .isEqualTo("12 cited keys, all in references.bib (12 entries)");
    }

    @Test
    void the_summary_times_every_stage_including_refinement() {
        PaperCompletedEvent completed = complete(LlmMode.OFFLINE);
        JsonNode stages = summary(completed).get("stages");

        assertThat(stages).extracting(stage -> stage.get("stage").asString())
                .containsExactly("outline", "writing", "refinement");
        assertThat(stages.get(2).get("seconds").asDouble()).isEqualTo(90.0);
        assertThat(completed.getContext().getTimings()).hasSize(3);
    }

    @Test
    void the_summary_reports_literature_compile_and_refinement() {
        JsonNode summary = summary(complete(LlmMode.OFFLINE));

        assertThat(summary.get("paperId").asString()).isEqualTo("paper-1");
        assertThat(summary.at("/literature/verified").asInt()).isEqualTo(DraftFixtures.CITED);
        assertThat(summary.get("scholarRequests").asInt()).isEqualTo(15);
        assertThat(summary.get("citedKeys").asInt()).isEqualTo(DraftFixtures.CITED);
        assertThat(summary.at("/literature/found").asInt()).isEqualTo(26);
        assertThat(summary.at("/literature/poolSize").asInt()).isEqualTo(DraftFixtures.CITED);
        assertThat(summary.at("/literature/citationsUsed").asInt()).isEqualTo(DraftFixtures.CITED);
        assertThat(summary.at("/literature/rejectedByReason/title-mismatch").asInt()).isEqualTo(5);
        assertThat(summary.at("/literature/rejectedByReason/no-abstract").asInt()).isEqualTo(3);
        assertThat(summary.at("/scholar/requests").asInt()).isEqualTo(15);
        assertThat(summary.at("/scholar/cacheHits").asInt()).isEqualTo(4);
        assertThat(summary.at("/scholar/papersPerRequest").asDouble()).isEqualTo(1.2);
        assertThat(summary.at("/compile/status").asString()).isEqualTo("COMPILED");
        assertThat(summary.at("/compile/pages").asInt()).isEqualTo(8);
        assertThat(summary.at("/refinement/finalVersion").asInt()).isZero();
        assertThat(summary.at("/refinement/finalOverall").asDouble()).isEqualTo(5.0);
    }

    @Test
    void the_status_line_names_version_iterations_and_score() {
        assertThat(PaperCompletion.statusMessage(complete(LlmMode.OFFLINE)))
                .isEqualTo("kept version 0 after 0 iterations; overall 5");
    }
}
