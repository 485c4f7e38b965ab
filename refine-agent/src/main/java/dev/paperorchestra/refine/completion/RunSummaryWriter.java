package dev.paperorchestra.refine.completion;

import dev.paperorchestra.content.integrity.GateResult;
import dev.paperorchestra.model.finding.Gate;
import dev.paperorchestra.model.summary.RunSummary;
import dev.paperorchestra.model.summary.RunSummary.TypedFinding;
import dev.paperorchestra.gateway.ModelMode;
import dev.paperorchestra.gateway.usage.LlmUsage;
import dev.paperorchestra.gateway.usage.PaperUsage;
import dev.paperorchestra.schemas.ApprovalRecord;
import dev.paperorchestra.schemas.CompileReport;
import dev.paperorchestra.schemas.DraftStats;
import dev.paperorchestra.schemas.GateFinding;
import dev.paperorchestra.schemas.GateOutcome;
import dev.paperorchestra.schemas.PaperContext;
import dev.paperorchestra.schemas.StageTiming;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.function.Predicate;
import org.jspecify.annotations.Nullable;

/**
 * Assembles summary.json ({@link RunSummary}) from what the pipeline recorded: what a user needs to trust and
 * debug a run (SPEC.md section 1): per-stage wall time, model usage, Semantic Scholar requests, literature counts,
 * compile outcome, refinement decisions and the verdict of every check.
 *
 * @param context       the paper with every stage timing, refinement included
 * @param stats         counts gathered along the pipeline
 * @param counts        tables, figures and cited keys of the final paper.tex
 * @param compile       compile outcome of the kept version
 * @param iterations    refinement iterations run
 * @param finalVersion  the version kept
 * @param decisions     refinement decisions in order
 * @param finalOverall  overall score of the kept version
 * @param checks        consistency checks of the final paper
 * @param usage         every model call made for the paper, by every agent (empty offline)
 */
public record RunSummaryWriter(PaperContext context, DraftStats stats, PaperCounts counts, CompileReport compile,
        int iterations, int finalVersion, List<String> decisions, @Nullable Double finalOverall, List<SummaryCheck> checks,
        PaperUsage usage) {

    public RunSummaryWriter {
        decisions = List.copyOf(decisions);
        checks = List.copyOf(checks);
    }

    /** The summary; the refinement's provenance, the fonts and the trace are added by the completion. */
    public RunSummary toSummary() {
        boolean offline = ModelMode.isOffline(context);
        // which research cutoff verification applied, and whether the job or the guidelines' deadline set it
        RunSummary.Cutoff cutoff = new RunSummary.Cutoff(context.getOptions().getCutoffDate(),
                context.getOptions().getCutoffSource());
        List<RunSummary.Stage> stages = context.getTimings().stream().map(RunSummaryWriter::stage).toList();
        // every decision at an approval gate: who, when, what they noted and what they changed
        List<RunSummary.Approval> approvals = context.getApprovals().stream().map(RunSummaryWriter::approval).toList();
        RunSummary.Literature literature = new RunSummary.Literature(stats.getCandidateCount(),
                stats.getVerifiedCitations(), stats.getRejectedCandidates(), stats.getCandidatesFound(),
                stats.getVerifiedCitations(), counts.citedKeys(), rejectedByReason());
        // the source is named and replay lookups are counted apart, so replayed work never reads as S2 requests
        RunSummary.Scholar scholar = new RunSummary.Scholar(stats.getScholarSource(), stats.getScholarRequests(),
                stats.getScholarReplayLookups(), stats.getScholarCacheHits(), stats.getScholarResolved(),
                stats.getScholarRequests() > 0 ? (double) stats.getScholarResolved() / stats.getScholarRequests()
                        : null);
        // measured on the final paper.tex: a plan's or a draft's counts can differ from what was shipped
        RunSummary.Compile compiled = new RunSummary.Compile(compile.getStatus().name(), compile.getMessage(),
                compile.getPageCount());
        RunSummary.Refinement refinement = new RunSummary.Refinement(iterations, finalVersion, decisions,
                finalOverall, 0, null, List.of(), null);
        List<RunSummary.Check> checked = checks.stream()
                .map(check -> new RunSummary.Check(check.name(), check.passed(), check.detail())).toList();
        return new RunSummary(RunSummary.SCHEMA_VERSION, offline ? "offline" : "model",
                offline ? ModelMode.OFFLINE_LABEL : null, context.getPaperId(), cutoff, stages, approvals,
                llm(offline), stats.getScholarRequests(), literature, scholar, counts.figures(), counts.tables(),
                counts.citedKeys(), compiled, refinement, writerGates(), checked, null, null);
    }

    public String toJsonText() {
        return toSummary().toJsonText();
    }

    /** A stage's wall time, as summary.json and the approval gate's late decision report it. */
    public static RunSummary.Stage stage(StageTiming timing) {
        return new RunSummary.Stage(timing.getStage(), timing.getAgent(),
                Duration.between(timing.getStartedAt(), timing.getFinishedAt()).toMillis() / 1000.0);
    }

    private static RunSummary.Approval approval(ApprovalRecord approval) {
        return new RunSummary.Approval(approval.getStage(), approval.getDecision(), approval.getDecidedBy(),
                approval.getDecidedAt().toString(), approval.getNote(), approval.getChange());
    }

    private Map<String, Integer> rejectedByReason() {
        Map<String, Integer> byReason = new TreeMap<>();
        stats.getRejectedByReason().forEach((reason, count) -> byReason.put(reason, count.intValue()));
        return byReason;
    }

    /** The writer's integrity gates on its draft, its repair calls and main-text pages, when it recorded them. */
    private RunSummary.@Nullable WriterGates writerGates() {
        if (stats.getGates() == null) {
            return null;
        }
        List<RunSummary.GateOutcome> gates = stats.getGates().stream().map(RunSummaryWriter::gate).toList();
        RunSummary.Repairs repairs = stats.getRepairs() == null ? null : new RunSummary.Repairs(
                stats.getRepairs().getGates(), stats.getRepairs().getCompile(), stats.getRepairs().getPages());
        return new RunSummary.WriterGates(stats.getGates().stream().allMatch(GateOutcome::getPassed), gates, repairs,
                stats.getMainTextPages(), stats.getPageLimit());
    }

    private static RunSummary.GateOutcome gate(GateOutcome gate) {
        // null when the record was read with a schema from before typed findings (a stale generated class)
        List<TypedFinding> typed = Objects.requireNonNullElse(gate.getTypedFindings(), List.<GateFinding>of())
                .stream().map(finding -> new TypedFinding(finding.getGate(), finding.getRule(),
                        new RunSummary.Location(finding.getFile(), finding.getLine()), finding.getMessage()))
                .toList();
        return new RunSummary.GateOutcome(gate.getGate(), gate.getPassed(), gate.getChecked(), gate.getFindings(),
                typed);
    }

    /**
     * The FONTS gate on the final PDF, as summary.json reports it: whether it holds a Type 3 (bitmap) font and
     * whether every font is embedded, with the findings typed. It carries no {@code passed}: a paper with such
     * fonts is complete, and says so here for whoever counts valid PDFs.
     */
    public static RunSummary.Fonts fonts(GateResult result) {
        return new RunSummary.Fonts(Gate.FONTS.name(), result.checked(),
                result.findings().stream().anyMatch(finding -> finding.rule().equals("fonts.bitmap")),
                result.findings().stream().noneMatch(finding -> finding.rule().equals("fonts.not-embedded")),
                result.messages(), result.findings().stream().map(TypedFinding::of).toList());
    }

    /**
     * Calls, tokens (prompt-cache reads apart) and estimated cost (batch calls apart) over every agent, then per
     * agent (each split by role, so the figure calls read as the plotting agent's planner and critic calls) and
     * per role; none offline.
     */
    private RunSummary.Usage llm(boolean offline) {
        Map<String, RunSummary.Usage> agents = new TreeMap<>();
        for (String agent : usage.byAgent().keySet()) {
            PaperUsage ofAgent = of(call -> call.agent().equals(agent));
            agents.put(agent, usage(ofAgent, null, roles(ofAgent), null));
        }
        String note = offline ? null
                : "cost is an estimate from the configured price table (po.llm.prices, checked on the date "
                        + "pricesChecked gives): prompt-cache reads at the cached-input price, batch calls at the "
                        + "batch price; cache hits cost nothing";
        return usage(usage, agents, roles(usage), note);
    }

    private PaperUsage of(Predicate<LlmUsage> which) {
        return new PaperUsage(usage.paperId(), usage.calls().stream().filter(which).toList());
    }

    private static Map<String, RunSummary.Usage> roles(PaperUsage of) {
        Map<String, RunSummary.Usage> roles = new TreeMap<>();
        for (String role : of.byRole().keySet()) {
            roles.put(role, usage(new PaperUsage(of.paperId(),
                    of.calls().stream().filter(call -> call.role().equals(role)).toList()), null, null, null));
        }
        return roles;
    }

    private static RunSummary.Usage usage(PaperUsage of, @Nullable Map<String, RunSummary.Usage> byAgent,
            @Nullable Map<String, RunSummary.Usage> byRole, @Nullable String note) {
        PaperUsage.Totals totals = of.totals();
        double batchCost = of.calls().stream().filter(LlmUsage::batch).mapToDouble(LlmUsage::costUsd).sum();
        return new RunSummary.Usage(totals.calls(), totals.cacheHits(), totals.inputTokens(), totals.outputTokens(),
                totals.roundedCostUsd(), byAgent, byRole, note, totals.cachedInputTokens(), totals.batchCalls(),
                Math.round(batchCost * 1_000_000) / 1_000_000.0, null, totals.cacheWriteInputTokens());
    }
}
