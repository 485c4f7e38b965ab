package dev.paperorchestra.content.revision;

import dev.paperorchestra.content.integrity.CitationGate;
import dev.paperorchestra.content.integrity.ContentGate;
import dev.paperorchestra.content.integrity.GateResult;
import dev.paperorchestra.content.integrity.NumericFidelityGate;
import dev.paperorchestra.content.integrity.PageFillGate;
import dev.paperorchestra.content.integrity.StructureGate;
import dev.paperorchestra.content.latex.CompileJob;
import dev.paperorchestra.content.latex.CompileOutcome;
import dev.paperorchestra.content.latex.LatexCompiler;
import dev.paperorchestra.content.latex.LatexIssue;
import dev.paperorchestra.content.latex.PdfPages;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One revision end to end, without Kafka: revise, check the gates on the submitted and the revised paper, compile the
 * revised paper in the sandbox, make and compile the change-highlighted diff, and gather the summary. Writing the
 * files is {@link RevisionFiles}' job.
 */
public final class PaperRevision {

    private static final Logger log = LoggerFactory.getLogger(PaperRevision.class);

    /**
     * Everything one revision produced.
     *
     * @param result   the decisions, edits and revised text
     * @param revised  the revised paper's compile
     * @param diffTex  the change-highlighted LaTeX, "" when latexdiff gave none
     * @param diffPdf  its compile (Skipped when there was nothing to compile)
     * @param summary  revision/summary.json
     */
    public record Outcome(RevisionResult result, CompileOutcome revised, String diffTex, CompileOutcome diffPdf,
            RevisionSummary summary) {
    }

    private final LatexCompiler compiler;
    private final LatexDiff latexDiff;

    public PaperRevision(LatexCompiler compiler, LatexDiff latexDiff) {
        this.compiler = compiler;
        this.latexDiff = latexDiff;
    }

    /**
     * @param mode the mode as summary.json names it ("offline", "scripted", "model")
     */
    public Outcome run(String paperId, PaperSource paper, RevisionMaterials materials, PaperReviser reviser,
            List<HumanReview> reviews, String mode) {
        return run(paperId, paper, materials, reviser, reviews, mode, Options.NONE);
    }

    /**
     * What a revision is held to beyond the text gates.
     *
     * @param pageLimit the venue's main-text page limit (from the paper's guidelines), null when none is given
     */
    public record Options(@Nullable Integer pageLimit) {

        public static final Options NONE = new Options(null);
    }

    /**
     * As {@link #run(String, PaperSource, RevisionMaterials, PaperReviser, List, String)}, with the PAGES gate on
     * the revised PDF when a page limit is given: a revision that runs past it has no valid PDF.
     */
    public Outcome run(String paperId, PaperSource paper, RevisionMaterials materials, PaperReviser reviser,
            List<HumanReview> reviews, String mode, Options options) {
        RevisionResult result = reviser.revise(paperId, reviews);
        CompileOutcome revised = compiler.compile(new CompileJob(paperId, PaperSource.forCompile(result.tex()),
                result.bibliography(), paper.figures(), paper.kit()));
        List<LatexIssue> warnings = revised instanceof CompileOutcome.Compiled compiled ? compiled.warnings()
                : List.of();
        List<GateResult> before = gates(materials, materials.tex(), materials.bibliography(), List.of());
        List<GateResult> after = new ArrayList<>(gates(materials, result.tex(), result.bibliography(), warnings));
        if (options.pageLimit() != null && revised instanceof CompileOutcome.Compiled compiled) {
            // measured on the PDF; the submitted paper is not compiled, so running past the limit always fails
            int pages = PdfPages.mainTextPages(compiled.pdf()).orElse(compiled.pages());
            after.add(PageFillGate.check(pages, options.pageLimit(), 0));
        }
        String diffTex = "";
        CompileOutcome diffPdf = new CompileOutcome.Skipped("no diff to compile");
        LatexDiff.Result diff = latexDiff.diff(paperId, PaperSource.forCompile(materials.tex()),
                PaperSource.forCompile(result.tex()));
        switch (diff) {
            case LatexDiff.Result.Diffed diffed -> {
                diffTex = diffed.tex();
                diffPdf = compiler.compile(new CompileJob(paperId + "-diff", diffTex, result.bibliography(),
                        paper.figures(), paper.kit()));
            }
            case LatexDiff.Result.Skipped skipped -> diffPdf = new CompileOutcome.Skipped(skipped.reason());
            case LatexDiff.Result.Failed failed -> diffPdf = new CompileOutcome.Skipped("latexdiff failed: "
                    + failed.reason());
        }
        RevisionSummary summary = summary(paperId, mode, result, new FabricationAudit(materials), revised, diffPdf,
                before, after);
        log.info("paper {}: revision {}, PDF {}, diff {}", paperId, summary.passed() ? "passed" : "did not pass",
                revised.message(), diffPdf.message());
        return new Outcome(result, revised, diffTex, diffPdf, summary);
    }

    /**
     * The text gates that apply to a paper that may not be ours: citations and references and the structure always;
     * numeric fidelity and content only against materials that were given.
     */
    static List<GateResult> gates(RevisionMaterials materials, String tex, String bibliography,
            List<LatexIssue> warnings) {
        List<GateResult> results = new ArrayList<>();
        results.add(CitationGate.check(tex, bibliography, warnings));
        results.add(StructureGate.check(tex, List.of()));
        if (!materials.experimentalLog().isBlank()) {
            results.add(NumericFidelityGate.check(tex, materials.experimentalLog(), materials.idea()));
            results.add(ContentGate.check(tex, materials.idea() + "\n" + materials.experimentalLog()));
        }
        return results;
    }

    static RevisionSummary summary(String paperId, String mode, RevisionResult result, FabricationAudit audit,
            CompileOutcome revised, CompileOutcome diff, List<GateResult> before, List<GateResult> after) {
        Map<PointKind, Long> kinds = counted(result.points(), ReviewPoint::kind, PointKind.class);
        Map<DecisionKind, Long> planned = counted(result.answers(), answer -> answer.planned().decision(),
                DecisionKind.class);
        Map<DecisionKind, Long> answered = counted(result.answers(), answer -> answer.answered().decision(),
                DecisionKind.class);
        List<String> findings = new ArrayList<>();
        boolean clean = true;
        for (EditDecision edit : result.edits()) {
            List<String> found = audit.findings(edit.edit());
            found.forEach(finding -> findings.add(edit.edit().pointId() + ": " + finding));
            clean &= found.isEmpty() || edit.outcome() != EditDecision.Outcome.KEPT;
        }
        Set<String> failedBefore = before.stream().filter(gate -> !gate.passed()).map(gate -> gate.gate().name())
                .collect(Collectors.toSet());
        List<String> regressions = after.stream().filter(gate -> !gate.passed()
                && !failedBefore.contains(gate.gate().name()))
                .map(gate -> gate.gate().name() + ": " + String.join("; ", gate.messages())).toList();
        RevisionSummary.Gates gates = new RevisionSummary.Gates(failedBefore.stream().sorted().toList(),
                after.stream().filter(gate -> !gate.passed()).map(gate -> gate.gate().name()).toList(), regressions);
        boolean validPdf = revised instanceof CompileOutcome.Compiled compiled
                && compiled.undefinedCitationsAndReferences().isEmpty() && gates.hold();
        return new RevisionSummary(paperId, mode, kinds, planned, answered,
                new RevisionSummary.Edits(result.count(EditDecision.Outcome.KEPT),
                        result.count(EditDecision.Outcome.ROLLED_BACK), result.count(EditDecision.Outcome.REJECTED)),
                new RevisionSummary.Audit(result.edits().size(), findings, clean), compile(revised), compile(diff),
                gates, validPdf, validPdf && clean);
    }

    private static RevisionSummary.Compile compile(CompileOutcome outcome) {
        return switch (outcome) {
            case CompileOutcome.Compiled compiled -> new RevisionSummary.Compile("COMPILED", compiled.pages(),
                    compiled.message());
            case CompileOutcome.Failed failed -> new RevisionSummary.Compile("FAILED", 0, failed.message());
            case CompileOutcome.Skipped skipped -> new RevisionSummary.Compile("SKIPPED", 0, skipped.message());
        };
    }

    private static <T, K extends Enum<K>> Map<K, Long> counted(List<T> items, Function<T, K> key, Class<K> type) {
        Map<K, Long> counts = new EnumMap<>(type);
        for (K value : type.getEnumConstants()) {
            counts.put(value, 0L);
        }
        items.forEach(item -> counts.merge(key.apply(item), 1L, Long::sum));
        return counts;
    }
}
