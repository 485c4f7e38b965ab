package dev.paperorchestra.refine.completion;

import dev.paperorchestra.content.integrity.GateResult;
import dev.paperorchestra.model.finding.Finding;
import dev.paperorchestra.model.finding.Gate;
import dev.paperorchestra.runtime.json.Json;
import dev.paperorchestra.runtime.llm.ModelMode;
import dev.paperorchestra.runtime.llm.usage.PaperUsage;
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
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * summary.json: what a user needs to trust and debug a run (SPEC.md section 1): per-stage wall time, model
 * usage, Semantic Scholar requests, literature counts, compile outcome, refinement decisions and the verdict
 * of every check.
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
public record RunSummary(PaperContext context, DraftStats stats, PaperCounts counts, CompileReport compile,
        int iterations, int finalVersion, List<String> decisions, @Nullable Double finalOverall, List<SummaryCheck> checks,
        PaperUsage usage) {

    public RunSummary {
        decisions = List.copyOf(decisions);
        checks = List.copyOf(checks);
    }

    public ObjectNode toJson() {
        boolean offline = ModelMode.isOffline(context);
        ObjectNode json = Json.mapper().createObjectNode();
        json.put("mode", offline ? "offline" : "model");
        if (offline) {
            json.put("label", ModelMode.OFFLINE_LABEL);
        }
        json.put("paperId", context.getPaperId());
        // which research cutoff verification applied, and whether the job or the guidelines' deadline set it
        json.putObject("cutoff").put("date", context.getOptions().getCutoffDate())
                .put("source", context.getOptions().getCutoffSource());
        ArrayNode stages = json.putArray("stages");
        for (StageTiming timing : context.getTimings()) {
            double seconds = Duration.between(timing.getStartedAt(), timing.getFinishedAt()).toMillis() / 1000.0;
            stages.addObject().put("stage", timing.getStage()).put("agent", timing.getAgent()).put("seconds", seconds);
        }
        // every decision at an approval gate: who, when, what they noted and what they changed
        ArrayNode approvals = json.putArray("approvals");
        for (ApprovalRecord approval : context.getApprovals()) {
            approvals.addObject().put("stage", approval.getStage()).put("decision", approval.getDecision())
                    .put("decidedBy", approval.getDecidedBy()).put("decidedAt", approval.getDecidedAt().toString())
                    .put("note", approval.getNote()).put("change", approval.getChange());
        }
        json.set("llm", llm(offline));
        json.put("scholarRequests", stats.getScholarRequests());
        ObjectNode literature = json.putObject("literature").put("candidates", stats.getCandidateCount())
                .put("verified", stats.getVerifiedCitations()).put("rejected", stats.getRejectedCandidates())
                .put("found", stats.getCandidatesFound()).put("poolSize", stats.getVerifiedCitations())
                .put("citationsUsed", counts.citedKeys());
        ObjectNode byReason = literature.putObject("rejectedByReason");
        stats.getRejectedByReason().entrySet().stream().sorted(Map.Entry.comparingByKey())
                .forEach(entry -> byReason.put(entry.getKey(), entry.getValue().intValue()));
        // the source is named and replay lookups are counted apart, so replayed work never reads as S2 requests
        ObjectNode scholar = json.putObject("scholar").put("source", stats.getScholarSource())
                .put("requests", stats.getScholarRequests()).put("replayLookups", stats.getScholarReplayLookups())
                .put("cacheHits", stats.getScholarCacheHits()).put("resolved", stats.getScholarResolved());
        if (stats.getScholarRequests() > 0) {
            scholar.put("papersPerRequest", (double) stats.getScholarResolved() / stats.getScholarRequests());
        } else {
            scholar.putNull("papersPerRequest");
        }
        // measured on the final paper.tex: a plan's or a draft's counts can differ from what was shipped
        json.put("figures", counts.figures());
        json.put("tables", counts.tables());
        json.put("citedKeys", counts.citedKeys());
        ObjectNode compileJson = json.putObject("compile").put("status", compile.getStatus().name())
                .put("message", compile.getMessage());
        Integer pages = compile.getPageCount();
        if (pages == null) {
            compileJson.putNull("pages");
        } else {
            compileJson.put("pages", pages.intValue());
        }
        ObjectNode refinement = json.putObject("refinement").put("iterations", iterations)
                .put("finalVersion", finalVersion);
        decisions.forEach(refinement.putArray("decisions")::add);
        if (finalOverall == null) {
            refinement.putNull("finalOverall");
        } else {
            refinement.put("finalOverall", finalOverall.doubleValue());
        }
        writerGates(json);
        ArrayNode checkArray = json.putArray("checks");
        checks.forEach(check -> checkArray.addObject().put("name", check.name()).put("passed", check.passed())
                .put("detail", check.detail()));
        return json;
    }

    /** The writer's integrity gates on its draft, its repair calls and main-text pages, when it recorded them. */
    private void writerGates(ObjectNode json) {
        if (stats.getGates() == null) {
            return;
        }
        ObjectNode writer = json.putObject("writerGates");
        writer.put("passed", stats.getGates().stream().allMatch(GateOutcome::getPassed));
        ArrayNode gates = writer.putArray("gates");
        for (GateOutcome gate : stats.getGates()) {
            ObjectNode node = gates.addObject().put("gate", gate.getGate()).put("passed", gate.getPassed())
                    .put("checked", gate.getChecked());
            gate.getFindings().forEach(node.putArray("findings")::add);
            ArrayNode typed = node.putArray("typedFindings");
            // null when the record was read with a schema from before typed findings (a stale generated class)
            Objects.requireNonNullElse(gate.getTypedFindings(), List.<GateFinding>of()).forEach(finding -> typed.add(
                    finding(finding.getGate(), finding.getRule(), finding.getFile(), finding.getLine(),
                            finding.getMessage())));
        }
        if (stats.getRepairs() != null) {
            writer.putObject("repairs").put("gates", stats.getRepairs().getGates())
                    .put("compile", stats.getRepairs().getCompile()).put("pages", stats.getRepairs().getPages());
        }
        if (stats.getMainTextPages() != null) {
            writer.put("mainTextPages", stats.getMainTextPages().intValue());
        }
        if (stats.getPageLimit() != null) {
            writer.put("pageLimit", stats.getPageLimit().intValue());
        }
    }

    /**
     * The FONTS gate on the final PDF, as summary.json reports it: whether it holds a Type 3 (bitmap) font and
     * whether every font is embedded, with the findings typed. It carries no {@code passed}: a paper with such
     * fonts is complete, and says so here for whoever counts valid PDFs.
     */
    public static ObjectNode fonts(GateResult result) {
        ObjectNode fonts = Json.mapper().createObjectNode().put("gate", Gate.FONTS.name())
                .put("checked", result.checked())
                .put("bitmap", result.findings().stream().anyMatch(finding -> finding.rule().equals("fonts.bitmap")))
                .put("allEmbedded", result.findings().stream()
                        .noneMatch(finding -> finding.rule().equals("fonts.not-embedded")));
        result.messages().forEach(fonts.putArray("findings")::add);
        ArrayNode typed = fonts.putArray("typedFindings");
        for (Finding finding : result.findings()) {
            typed.add(finding(finding.gate().name(), finding.rule(), finding.location().file(),
                    finding.location().line(), finding.message()));
        }
        return fonts;
    }

    /** One typed finding: {"gate", "rule", "location": {"file", "line"}, "message"}. */
    private static ObjectNode finding(String gate, String rule, String file, int line, String message) {
        ObjectNode node = Json.mapper().createObjectNode().put("gate", gate).put("rule", rule);
        node.putObject("location").put("file", file).put("line", line);
        return node.put("message", message);
    }

    public String toJsonText() {
        return Json.mapper().writeValueAsString(toJson());
    }

    /**
     * Calls, tokens and estimated cost over every agent, then per agent (each split by role, so the figure calls
     * read as the plotting agent's planner and critic calls) and per role; none offline.
     */
    private ObjectNode llm(boolean offline) {
        ObjectNode llm = usage.toJson();
        ObjectNode agents = (ObjectNode) llm.path("byAgent");
        for (String agent : usage.byAgent().keySet()) {
            PaperUsage ofAgent = new PaperUsage(usage.paperId(),
                    usage.calls().stream().filter(call -> call.agent().equals(agent)).toList());
            ((ObjectNode) agents.path(agent)).set("byRole", ofAgent.toJson().path("byRole"));
        }
        if (!offline) {
            llm.put("note", "cost is estimated from the configured price table (po.llm.prices); cache hits cost "
                    + "nothing");
        }
        return llm;
    }
}
