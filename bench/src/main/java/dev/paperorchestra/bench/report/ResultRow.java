package dev.paperorchestra.bench.report;

import dev.paperorchestra.bench.run.CaseEntry;
import dev.paperorchestra.bench.run.CaseState;
import dev.paperorchestra.model.summary.RunSummary;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.MissingNode;

/**
 * One case's row of results.jsonl / results.csv: its journal entry, the figures of its paper's summary.json
 * and every autorater's figures. Columns absent for a case (a failed paper has no pages) are absent, never
 * zero.
 */
public final class ResultRow {

    /** The prefix of a role's cost column: {@code cost_usd_role_writer}. */
    static final String ROLE_COST = "cost_usd_role_";

    private final Map<String, @Nullable Object> columns = new LinkedHashMap<>();
    /** The paper's figures for its case page; not a column of the results files. */
    private List<CaseArtifacts.Figure> figures = List.of();
    /** Each gate_ and check_ column's name in words, as the summary names it; not a column. */
    private final Map<String, String> labels = new LinkedHashMap<>();
    /** What the summary says keeps the paper from being complete, typed; not a column. */
    private final List<Shortfall> shortfalls = new ArrayList<>();

    /**
     * One thing keeping a written paper from being complete, as the report groups it.
     *
     * @param heading the gate and rule (or the check, or the compile) in words: what alike cases share
     * @param where   the finding's file and line, "" when it is about the whole paper
     */
    record Shortfall(String heading, String where) {
    }

    private ResultRow() {
    }

    /**
     * @param entry      the case's last journal entry
     * @param summary    its paper's summary.json, when it completed
     * @param outputDir  its paper's outputs relative to BENCH_DIR, when it completed
     * @param autoraters autorater figures by column name ({@code citation_f1_all}, ...)
     */
    public static ResultRow of(CaseEntry entry, @Nullable RunSummary summary, @Nullable String outputDir,
            Map<String, Object> autoraters) {
        ResultRow row = new ResultRow();
        Map<String, @Nullable Object> c = row.columns;
        c.put("case", entry.caseName());
        c.put("paper_id", entry.paperId());
        c.put("attempt", entry.attempt());
        c.put("state", entry.state().label());
        c.put("digest", entry.digest());
        c.put("failure_stage", entry.state().retriable() ? entry.stage() : null);
        c.put("failure_reason", entry.state().retriable() ? entry.reason() : null);
        // what keeps a written paper from being complete: the failed gates and checks, by name, with their findings
        c.put("findings", entry.state() == CaseState.INCOMPLETE ? entry.reason() : null);
        if (entry.state().finished()) {
            Double wall = entry.wallSeconds(entry.at());
            if (wall != null) {
                c.put("wall_seconds", Math.round(wall * 1000) / 1000.0);
            }
        }
        c.put("output_dir", outputDir);
        if (summary != null) {
            row.summaryColumns(summary);
        }
        c.putAll(autoraters);
        return row;
    }

    private void summaryColumns(RunSummary summary) {
        Map<String, Double> stages = new TreeMap<>();
        summary.stages().forEach(stage -> stages.merge(stage.stage(), stage.seconds(), Double::sum));
        stages.forEach((stage, seconds) -> columns.put("stage_seconds_" + stage, Math.round(seconds * 1000) / 1000.0));
        RunSummary.WriterGates writer = summary.writerGates();
        if (writer != null) {
            putInt("main_text_pages", writer.mainTextPages());
            putInt("page_limit", writer.pageLimit());
        }
        putInt("pdf_pages", summary.compile().pages());
        columns.put("tables", (long) summary.tables());
        columns.put("figures", (long) summary.figures());
        RunSummary.Literature literature = summary.literature();
        columns.put("verified_citations", (long) literature.verified());
        columns.put("cited_keys", (long) literature.citationsUsed());
        if (literature.poolSize() > 0) {
            columns.put("pool_share_cited", Math.round(1000.0 * literature.citationsUsed() / literature.poolSize())
                    / 1000.0);
        }
        if (writer != null) {
            columns.put("writer_gates_passed", writer.passed());
            writer.gates().forEach(gate -> {
                columns.put("gate_" + slug(gate.gate()), gate.passed() ? "pass" : "fail");
                labels.put("gate_" + slug(gate.gate()), ReportWords.gate(gate.gate()));
            });
        }
        summary.checks().forEach(check -> {
            columns.put("check_" + slug(check.name()), check.passed() ? "pass" : "fail");
            labels.put("check_" + slug(check.name()), "check " + ReportWords.ofKey(check.name()));
        });
        shortfalls(summary);
        columns.put("compile_status", summary.compile().status());
        RunSummary.Usage llm = summary.llm();
        columns.put("model_calls", llm.calls());
        columns.put("tokens", llm.tokens());
        columns.put("cost_usd", llm.estimatedCostUsd());
        if (!summary.offline()) {
            costColumns(llm);
        }
        // Semantic Scholar requests only; lookups an offline replay answered are their own column
        columns.put("scholar_requests", (long) summary.scholarRequests());
        columns.put("scholar_replay_lookups", (long) summary.scholar().replayLookups());
        columns.put("scholar_source", summary.scholar().source());
        columns.put("final_overall", summary.refinement().finalOverall());
        columns.put("refine_iterations", (long) summary.refinement().iterations());
        if (summary.refinement().panel() != null) {
            panelColumns(summary.refinement().panel());
        }
        columns.put("mode", summary.mode());
    }

    /**
     * The paper's model bill: input tokens (the prompt-cache reads and writes among them apart) and output tokens, batch and
     * synchronous calls with what each cost, each role's cost ({@code cost_usd_role_<role>}) and when the prices
     * were checked. Offline none of them; a summary from before prompt-cache reads were recorded reads 0 there.
     */
    private void costColumns(RunSummary.Usage llm) {
        if (llm.calls() == 0 && llm.cacheHits() == 0) {
            return;
        }
        columns.put("input_tokens", llm.inputTokens());
        columns.put("cached_input_tokens", llm.cachedInputTokens());
        columns.put("cache_write_input_tokens", llm.cacheWriteInputTokens());
        columns.put("output_tokens", llm.outputTokens());
        columns.put("batch_calls", llm.batchCalls());
        columns.put("cost_usd_batch", llm.batchCostUsd());
        columns.put("cost_usd_sync", Math.round(llm.synchronousCostUsd() * 1_000_000) / 1_000_000.0);
        llm.roles().forEach((role, usage) -> columns.put(ROLE_COST + slug(role), usage.estimatedCostUsd()));
        columns.put("prices_checked", llm.pricesChecked());
    }

    /** The failed compile, gates (one per typed finding, by gate and rule) and checks of the summary. */
    private void shortfalls(RunSummary summary) {
        if (!summary.compile().compiled()) {
            shortfalls.add(new Shortfall("paper.pdf: compile " + summary.compile().status().toLowerCase(
                    java.util.Locale.ROOT), ""));
        }
        if (summary.writerGates() != null) {
            summary.writerGates().gates().stream().filter(gate -> !gate.passed()).forEach(gate -> {
                if (gate.typedFindings().isEmpty()) {
                    shortfalls.add(new Shortfall(ReportWords.gate(gate.gate()) + " failed", ""));
                }
                gate.typedFindings().forEach(finding -> shortfalls.add(new Shortfall(ReportWords.gate(finding.gate())
                        + ": " + ReportWords.rule(finding.rule()), where(finding.location()))));
            });
        }
        summary.checks().stream().filter(check -> !check.passed())
                .forEach(check -> shortfalls.add(new Shortfall("final check failed: "
                        + ReportWords.ofKey(check.name()), "")));
    }

    private static String where(RunSummary.Location location) {
        return location.file().isEmpty() ? "" : location.line() > 0 ? location.file() + ":" + location.line()
                : location.file();
    }

    /**
     * The reviewer panel's agreement over the paper's reviews (summary.json's refinement.panel): the mean share of
     * rubric criteria on which two members are within one level, the share of members whose own decision was the
     * panel's, and the seats left out. As numeric columns they are also aggregated over the cases.
     */
    private void panelColumns(RunSummary.Panel panel) {
        if (panel.meanWithinOne() != null) {
            columns.put("panel_within_one", panel.meanWithinOne());
        }
        double matching = 0;
        int members = 0;
        int absent = 0;
        boolean any = false;
        for (RunSummary.PanelReview review : panel.reviews()) {
            // the agreement figures keep the reviewer's own layout (see RunSummary.PanelReview)
            JsonNode agreement = review.agreement() == null ? MissingNode.getInstance() : review.agreement();
            JsonNode decisions = agreement.path("decisions");
            if (decisions.path("singleMatchingPanel").isNumber() && agreement.path("members").asInt() > 0) {
                matching += decisions.path("singleMatchingPanel").asInt();
                members += agreement.path("members").asInt();
                any = true;
            }
            absent += review.absent() == null ? 0 : review.absent().size();
        }
        if (any) {
            columns.put("panel_single_matching", Math.round(1000.0 * matching / members) / 1000.0);
            columns.put("panel_absent_seats", (long) absent);
        }
    }

    /** A gate or check name as a column name: {@code every \\cite key is in references.bib} → {@code every_cite_key_is_in_references_bib}. */
    static String slug(String name) {
        return name.toLowerCase(java.util.Locale.ROOT).replaceAll("[^a-z0-9]+", "_").replaceAll("(^_|_$)", "");
    }

    private void putInt(String column, @Nullable Integer value) {
        if (value != null) {
            columns.put(column, value.longValue());
        }
    }

    public Map<String, @Nullable Object> columns() {
        return columns;
    }

    /** A gate_ or check_ column's name in words; any other column's name in words. */
    String label(String column) {
        return labels.getOrDefault(column, ReportWords.ofKey(column));
    }

    List<Shortfall> shortfalls() {
        return List.copyOf(shortfalls);
    }

    List<CaseArtifacts.Figure> figures() {
        return figures;
    }

    void figures(List<CaseArtifacts.Figure> figures) {
        this.figures = List.copyOf(figures);
    }

    public @Nullable Object get(String column) {
        return columns.get(column);
    }
}
