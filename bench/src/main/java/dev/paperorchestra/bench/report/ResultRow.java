package dev.paperorchestra.bench.report;

import dev.paperorchestra.bench.run.CaseEntry;
import dev.paperorchestra.bench.run.CaseState;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;

/**
 * One case's row of results.jsonl / results.csv: its journal entry, the figures of its paper's summary.json
 * and every autorater's figures. Columns absent for a case (a failed paper has no pages) are absent, never
 * zero.
 */
public final class ResultRow {

    private final Map<String, @Nullable Object> columns = new LinkedHashMap<>();
    /** The paper's figures for its case page; not a column of the results files. */
    private List<CaseArtifacts.Figure> figures = List.of();

    private ResultRow() {
    }

    /**
     * @param entry      the case's last journal entry
     * @param summary    its paper's summary.json, when it completed
     * @param outputDir  its paper's outputs relative to BENCH_DIR, when it completed
     * @param autoraters autorater figures by column name ({@code citation_f1_all}, ...)
     */
    public static ResultRow of(CaseEntry entry, @Nullable JsonNode summary, @Nullable String outputDir,
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

    private void summaryColumns(JsonNode summary) {
        Map<String, Double> stages = new TreeMap<>();
        summary.path("stages").forEach(stage -> stages.merge(stage.path("stage").asString(),
                stage.path("seconds").asDouble(), Double::sum));
        stages.forEach((stage, seconds) -> columns.put("stage_seconds_" + stage, Math.round(seconds * 1000) / 1000.0));
        JsonNode writer = summary.path("writerGates");
        putInt("main_text_pages", writer.path("mainTextPages"));
        putInt("page_limit", writer.path("pageLimit"));
        putInt("pdf_pages", summary.path("compile").path("pages"));
        putInt("tables", summary.path("tables"));
        putInt("figures", summary.path("figures"));
        JsonNode literature = summary.path("literature");
        putInt("verified_citations", literature.path("verified"));
        putInt("cited_keys", literature.path("citationsUsed"));
        int pool = literature.path("poolSize").asInt(0);
        if (pool > 0 && literature.hasNonNull("citationsUsed")) {
            columns.put("pool_share_cited", Math.round(1000.0 * literature.path("citationsUsed").asInt() / pool) / 1000.0);
        }
        if (writer.hasNonNull("passed")) {
            columns.put("writer_gates_passed", writer.path("passed").asBoolean());
        }
        writer.path("gates").forEach(gate -> columns.put("gate_" + slug(gate.path("gate").asString()),
                gate.path("passed").asBoolean() ? "pass" : "fail"));
        summary.path("checks").forEach(check -> columns.put("check_" + slug(check.path("name").asString()),
                check.path("passed").asBoolean() ? "pass" : "fail"));
        columns.put("compile_status", summary.path("compile").path("status").asString(null));
        JsonNode llm = summary.path("llm");
        putInt("model_calls", llm.path("calls"));
        if (llm.hasNonNull("inputTokens")) {
            columns.put("tokens", llm.path("inputTokens").asLong() + llm.path("outputTokens").asLong());
        }
        if (llm.hasNonNull("estimatedCostUsd")) {
            columns.put("cost_usd", llm.path("estimatedCostUsd").asDouble());
        }
        // Semantic Scholar requests only; lookups an offline replay answered are their own column
        putInt("scholar_requests", summary.path("scholarRequests"));
        putInt("scholar_replay_lookups", summary.path("scholar").path("replayLookups"));
        columns.put("scholar_source", summary.path("scholar").path("source").asString(null));
        JsonNode overall = summary.path("refinement").path("finalOverall");
        columns.put("final_overall", overall.isNumber() ? overall.asDouble() : null);
        putInt("refine_iterations", summary.path("refinement").path("iterations"));
        panelColumns(summary.path("refinement").path("panel"));
        columns.put("mode", summary.path("mode").asString(null));
    }

    /**
     * The reviewer panel's agreement over the paper's reviews (summary.json's refinement.panel): the mean share of
     * rubric criteria on which two members are within one level, the share of members whose own decision was the
     * panel's, and the seats left out. As numeric columns they are also aggregated over the cases.
     */
    private void panelColumns(JsonNode panel) {
        if (panel.path("meanWithinOne").isNumber()) {
            columns.put("panel_within_one", panel.path("meanWithinOne").asDouble());
        }
        double matching = 0;
        int members = 0;
        int absent = 0;
        boolean any = false;
        for (JsonNode review : panel.path("reviews")) {
            JsonNode decisions = review.path("agreement").path("decisions");
            if (decisions.path("singleMatchingPanel").isNumber() && review.path("agreement").path("members").asInt() > 0) {
                matching += decisions.path("singleMatchingPanel").asInt();
                members += review.path("agreement").path("members").asInt();
                any = true;
            }
            absent += review.path("absent").size();
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

    private void putInt(String column, JsonNode node) {
        if (node.isNumber()) {
            columns.put(column, node.asLong());
        }
    }

    public Map<String, @Nullable Object> columns() {
        return columns;
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
