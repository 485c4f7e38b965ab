package dev.paperorchestra.bench.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.paperorchestra.bench.autorate.JudgeUsage;
import dev.paperorchestra.bench.run.CaseEntry;
import dev.paperorchestra.bench.run.CaseState;
import dev.paperorchestra.model.summary.RunSummary;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class HtmlReportTest {

    private static final Instant T0 = Instant.parse("2026-11-23T10:00:00Z");

    private static final String SUMMARY = """
            {"mode":"offline","paperId":"cvpr-a-abc123-1","stages":[{"stage":"outline","seconds":1.5},{"stage":"writer","seconds":4.0},
             {"stage":"refine","seconds":2.0},{"stage":"refine","seconds":1.0}],
             "llm":{"calls":3,"inputTokens":100,"outputTokens":50,"estimatedCostUsd":0.0125},
             "scholarRequests":0,"scholar":{"source":"offline-replay","requests":0,"replayLookups":7},
             "literature":{"verified":12,"poolSize":12,"citationsUsed":9},
             "figures":2,"tables":3,"compile":{"status":"COMPILED","pages":9},
             "refinement":{"iterations":1,"finalOverall":4.0},
             "writerGates":{"passed":false,"gates":[{"gate":"numeric","passed":true},{"gate":"citations","passed":false}],
               "mainTextPages":9,"pageLimit":8},
             "checks":[{"name":"compiles","passed":true}]}""";

    private static List<ResultRow> rows() {
        CaseEntry done = new CaseEntry("cvpr-a", 1, "cvpr-a-abc123-1", CaseState.COMPLETE, T0.plusSeconds(30), T0,
                null, null);
        CaseEntry failed = new CaseEntry("broken", 1, "broken-abc123-1", CaseState.FAILED, T0.plusSeconds(3), T0,
                "outline", "idea.md is empty in /tmp/x/idea.md <script>alert(1)</script>");
        return List.of(ResultRow.of(done, RunSummary.parse(SUMMARY), "cases/cvpr-a/cvpr-a-abc123-1",
                Map.of("citation_all_f1", 0.5)), ResultRow.of(failed, null, null, Map.of()));
    }

    @Test
    void a_row_carries_the_summary_figures_with_stage_times_summed() {
        ResultRow row = rows().getFirst();

        assertThat(row.get("stage_seconds_refine")).isEqualTo(3.0);
        assertThat(row.get("wall_seconds")).isEqualTo(30.0);
        assertThat(row.get("pool_share_cited")).isEqualTo(0.75);
        assertThat(row.get("gate_citations")).isEqualTo("fail");
        assertThat(ResultRow.slug("every \\cite key is in references.bib")).isEqualTo("every_cite_key_is_in_references_bib");
        assertThat(row.get("tokens")).isEqualTo(150L);
        assertThat(row.get("main_text_pages")).isEqualTo(9L);
        assertThat(row.get("scholar_requests")).isEqualTo(0L);
        assertThat(row.get("scholar_replay_lookups")).isEqualTo(7L);
        assertThat(row.get("scholar_source")).isEqualTo("offline-replay");
        assertThat(rows().get(1).get("failure_stage")).isEqualTo("outline");
        assertThat(rows().get(1).columns()).doesNotContainKey("main_text_pages");
    }

    @Test
    void aggregates_give_rates_medians_and_gate_failures() {
        var aggregates = BenchAggregates.of(rows(), Map.of("mode", "offline"));

        assertThat(aggregates.get("rates").get("complete").asDouble()).isEqualTo(0.5);
        assertThat(aggregates.get("rates").get("withinPageLimit").asDouble()).isZero();
        assertThat(aggregates.get("metrics").get("wall_seconds").get("median").asDouble()).isEqualTo(3.0);
        assertThat(aggregates.get("metrics").get("wall_seconds").get("p90").asDouble()).isEqualTo(30.0);
        assertThat(aggregates.get("gateFailures").get("gate_citations").asInt()).isEqualTo(1);
    }

    @Test
    void csv_cells_with_commas_quotes_and_line_breaks_are_quoted() {
        assertThat(ResultsWriter.cell("a,b")).isEqualTo("\"a,b\"");
        assertThat(ResultsWriter.cell("say \"x\"")).isEqualTo("\"say \"\"x\"\"\"");
        assertThat(ResultsWriter.csv(rows()).lines().count()).isEqualTo(3);
    }

    @Test
    void the_report_escapes_text_and_links_each_completed_paper() {
        String html = HtmlReport.render("bench", rows(), BenchAggregates.of(rows(), Map.of()));

        assertThat(html).contains("href=\"cases/cvpr-a/cvpr-a-abc123-1/paper.pdf\"", "summary.json\">summary</a>")
                .doesNotContain("<script>alert").doesNotContain("src=\"http", "href=\"http", "@import");
        // the failure group blanks the path so alike failures group together
        assertThat(html).contains("idea.md is empty in &lt;path&gt;");
    }

    // issue 43: 17 groups of one case each, keyed by the findings' exact text with line numbers
    @Test
    void incomplete_cases_are_grouped_by_gate_and_rule_with_each_cases_locations_listed() {
        List<ResultRow> rows = List.of(incomplete("a", 12, 40), incomplete("b", 7), incomplete("c", 3));

        String html = HtmlReport.render("bench", rows, BenchAggregates.of(rows, Map.of()));

        String failures = html.substring(html.indexOf("<ul id=\"failures\">"), html.indexOf("</ul>",
                html.indexOf("<ul id=\"failures\">")));
        assertThat(failures).contains("<b>3</b> incomplete: citations gate: compile unresolved — ",
                        "case-a\">a</a> (paper.tex:12, paper.tex:40)", "case-b\">b</a> (paper.tex:7)",
                        "<b>3</b> incomplete: final check failed: every \\cite key is in references.bib")
                .doesNotContain("undefined reference");
        assertThat(failures.split("<li>")).hasSize(3);
    }

    // issue 43: "11m39s in all" (the papers' own times added up) for a run that took 17 minutes
    @Test
    void the_headline_gives_the_wall_time_from_the_commands_start_split_into_starting_and_papers() {
        var aggregates = BenchAggregates.of(rows(), Map.of());
        aggregates.putObject("run").put("durationSeconds", 1020).put("startingSeconds", 321).put("papersSeconds", 699);

        String headline = Headline.of(rows(), aggregates.path("run"));

        assertThat(headline).contains("Wall time 17m00s from the command's start: 5m21s starting, 11m39s running "
                + "the papers", "Per paper: median 3s, longest 30s").doesNotContain("in all");
    }

    // issue 43: raw keys in the report's prose
    @Test
    void the_report_says_keys_and_check_names_in_words() {
        List<ResultRow> rows = List.of(incomplete("a", 12));
        var aggregates = BenchAggregates.of(rows, Map.of("autoratersEnabled", "citation-f1"));
        aggregates.putObject("run").put("ranThisInvocation", 1);

        String html = HtmlReport.render("bench", rows, aggregates);

        assertThat(html).contains("Autoraters enabled: citation-f1", "check every \\cite key is in references.bib 0 of 1",
                        "citations gate 0 of 1", "<th>Ran this invocation</th>")
                .doesNotContain("autoratersEnabled", "every_cite_key_is_in_references_bib", "ranThisInvocation",
                        "gate_citations");
    }

    private static ResultRow incomplete(String name, int... lines) {
        StringBuilder typed = new StringBuilder();
        for (int line : lines) {
            typed.append(typed.isEmpty() ? "" : ",").append("{\"gate\":\"CITATIONS\",\"rule\":\"compile.unresolved\","
                    + "\"location\":{\"file\":\"paper.tex\",\"line\":").append(line).append("},\"message\":"
                    + "\"undefined reference on line ").append(line).append("\"}");
        }
        String summary = SUMMARY.replace("{\"gate\":\"citations\",\"passed\":false}",
                "{\"gate\":\"CITATIONS\",\"passed\":false,\"findings\":[\"undefined reference\"],\"typedFindings\":["
                        + typed + "]}")
                .replace("{\"name\":\"compiles\",\"passed\":true}",
                        "{\"name\":\"every \\\\cite key is in references.bib\",\"passed\":false,\"detail\":\"x\"}");
        CaseEntry entry = new CaseEntry(name, 1, name + "-abc123-1", CaseState.INCOMPLETE, T0.plusSeconds(30), T0,
                null, "gate CITATIONS failed: undefined reference on line 12");
        return ResultRow.of(entry, RunSummary.parse(summary), "cases/" + name + "/" + name + "-abc123-1", Map.of());
    }

    @Test
    void the_report_renders_in_headless_chromium_without_errors_and_with_every_chart(@TempDir Path dir) throws Exception {
        var chromium = HeadlessChromium.binary();
        assumeTrue(chromium.isPresent(), "chromium is not installed (apt-get install chromium); the browser check needs it");
        Path report = dir.resolve("report.html");
        Files.writeString(report, HtmlReport.render("bench", rows(), BenchAggregates.of(rows(), Map.of())));

        HeadlessChromium.assertReportRendered(HeadlessChromium.open(chromium.get(), report));
    }

    @Test
    void case_names_of_any_length_are_drawn_whole_at_1400_and_800_pixels_and_charts_without_data_are_left_out(
            @TempDir Path dir) throws Exception {
        var chromium = HeadlessChromium.binary();
        assumeTrue(chromium.isPresent(), "chromium is not installed (apt-get install chromium); the browser check needs it");
        String longName = "biomedical-2024-single-cell-transcriptomics-of-the-developing-human-hippocampus-dense";
        CaseEntry long1 = new CaseEntry(longName, 1, "biomedical-abc123-1", CaseState.COMPLETE, T0.plusSeconds(40), T0,
                null, null);
        List<ResultRow> rows = new java.util.ArrayList<>(rows());
        rows.add(ResultRow.of(long1, RunSummary.parse(SUMMARY), "cases/" + longName + "/biomedical-abc123-1",
                Map.of("citation_all_f1", 0.25)));
        Path report = dir.resolve("report.html");
        String html = HtmlReport.render("bench", rows, BenchAggregates.of(rows, Map.of()));
        Files.writeString(report, html);

        // the side-by-side chart has no verdict in these rows: it is named, not drawn as an empty frame
        assertThat(html).contains("id=\"hidden-charts\"", "chart-sxs").doesNotContain("id=\"chart-sxs\"");
        for (int width : List.of(1400, 800)) {
            HeadlessChromium.Page page = HeadlessChromium.layout(chromium.get(), report, width);
            assertThat(page.dom()).as("at " + width + " px").contains("data-width=\"" + width + "\"", "data-clipped=\"\"",
                    "data-page-overflows=\"0\"");
            HeadlessChromium.assertReportRendered(page);
            Path png = Path.of("target", "report-screenshots", "report-" + width + ".png");
            HeadlessChromium.screenshot(chromium.get(), report, width, png);
            assertThat(png).isNotEmptyFile();
        }
    }

    // issue 42: a side-by-side win rate is shown with its bootstrap interval and the judge's position bias
    @Test
    void the_report_shows_each_side_by_side_win_rate_with_its_interval_in_chromium(@TempDir Path dir) throws Exception {
        var chromium = HeadlessChromium.binary();
        assumeTrue(chromium.isPresent(), "chromium is not installed (apt-get install chromium); the browser check needs it");
        List<ResultRow> rows = new java.util.ArrayList<>();
        String[][] judged = {{"win", "win", "win"}, {"win", "win", "tie"}, {"tie", "win", "loss"},
                {"loss", "loss", "loss"}, {"win", "win", "win"}};
        for (int i = 0; i < judged.length; i++) {
            CaseEntry entry = new CaseEntry("case-" + i, 1, "case-" + i + "-abc123-1", CaseState.COMPLETE,
                    T0.plusSeconds(30), T0, null, null);
            rows.add(ResultRow.of(entry, RunSummary.parse(SUMMARY), "cases/case-" + i + "/case-" + i + "-abc123-1",
                    Map.of("sxs_paper", judged[i][0], "sxs_paper_generated_first", judged[i][1],
                            "sxs_paper_generated_second", judged[i][2])));
        }
        var aggregates = BenchAggregates.of(rows, Map.of());
        var paper = aggregates.get("sideBySide").get("sxs_paper");
        double low = paper.get("winRateCi95").get(0).asDouble();
        double high = paper.get("winRateCi95").get(1).asDouble();
        assertThat(paper.get("winRate").asDouble()).isEqualTo(0.6).isBetween(low, high);
        assertThat(high).isGreaterThan(low);
        Path report = dir.resolve("report.html");
        Files.writeString(report, HtmlReport.render("bench", rows, aggregates));

        HeadlessChromium.Page page = HeadlessChromium.open(chromium.get(), report);

        HeadlessChromium.assertReportRendered(page);
        String expected = "60.0% (95% CI " + Math.round(low * 1000) / 10.0 + "%–" + Math.round(high * 1000) / 10.0 + "%)";
        assertThat(page.dom()).contains("id=\"sxs-rates\"", expected, "40.0% (2 of 5; same slot both times: first 1, second 0)")
                .doesNotContain("data-scope=\"sxs_literature\"");
    }

    /** A model-mode summary whose calls cost {@code cost} dollars, {@code batch} of it in batch calls. */
    static RunSummary modelSummary(double cost, double batch) {
        return RunSummary.parse(SUMMARY.replace("\"mode\":\"offline\"", "\"mode\":\"model\"").replace(
                "\"llm\":{\"calls\":3,\"inputTokens\":100,\"outputTokens\":50,\"estimatedCostUsd\":0.0125}",
                "\"llm\":{\"calls\":3,\"cacheHits\":0,\"inputTokens\":100000,\"outputTokens\":5000,"
                        + "\"estimatedCostUsd\":" + cost + ",\"cachedInputTokens\":60000,\"batchCalls\":2,"
                        + "\"batchCostUsd\":" + batch + ",\"pricesChecked\":\"2026-11-29\",\"byRole\":{"
                        + "\"writer\":{\"calls\":2,\"inputTokens\":80000,\"outputTokens\":4000,"
                        + "\"estimatedCostUsd\":" + batch + "},\"reviewer\":{\"calls\":1,\"inputTokens\":20000,"
                        + "\"outputTokens\":1000,\"estimatedCostUsd\":" + (cost - batch) + "}}}"));
    }

    /** Five model-mode cases costing $0.10 to $1.00, judged side by side in both orders. */
    private static List<ResultRow> modelRows() {
        double[] costs = {0.30, 0.10, 1.00, 0.20, 0.40};
        String[][] judged = {{"win", "win", "win"}, {"win", "win", "tie"}, {"tie", "win", "loss"},
                {"loss", "loss", "loss"}, {"win", "win", "win"}};
        List<ResultRow> rows = new java.util.ArrayList<>();
        for (int i = 0; i < costs.length; i++) {
            CaseEntry entry = new CaseEntry("case-" + i, 1, "case-" + i + "-abc123-1", CaseState.COMPLETE,
                    T0.plusSeconds(30), T0, null, null);
            rows.add(ResultRow.of(entry, modelSummary(costs[i], costs[i] / 4), "cases/case-" + i, Map.of("sxs_paper",
                    judged[i][0], "sxs_paper_generated_first", judged[i][1], "sxs_paper_generated_second",
                    judged[i][2])));
        }
        return rows;
    }

    // issue 42: results give each paper's tokens (cache reads apart) and dollars, batch and synchronous, per role
    @Test
    void a_row_gives_input_cached_input_and_output_tokens_and_dollars_split_by_batch_and_role() {
        ResultRow row = modelRows().getFirst();

        assertThat(row.get("input_tokens")).isEqualTo(100_000L);
        assertThat(row.get("cached_input_tokens")).isEqualTo(60_000L);
        assertThat(row.get("output_tokens")).isEqualTo(5_000L);
        assertThat(row.get("cost_usd_batch")).isEqualTo(0.075);
        assertThat(row.get("cost_usd_sync")).isEqualTo(0.225);
        assertThat(row.get("cost_usd_role_writer")).isEqualTo(0.075);
        assertThat(row.get("prices_checked")).isEqualTo("2026-11-29");
        // an offline summary gives no cost columns at all
        assertThat(rows().getFirst().columns()).doesNotContainKeys("cost_usd_batch", "input_tokens");
    }

    @Test
    void dollars_per_paper_are_given_at_p50_and_p95_by_nearest_rank_and_in_total() {
        var cost = BenchAggregates.of(modelRows(), Map.of()).get("cost");

        assertThat(cost.get("papers").asInt()).isEqualTo(5);
        assertThat(cost.at("/dollarsPerPaper/p50").asDouble()).isEqualTo(0.30);
        assertThat(cost.at("/dollarsPerPaper/p95").asDouble()).isEqualTo(1.00);
        assertThat(cost.at("/dollarsPerPaper/total").asDouble()).isEqualTo(2.00);
        assertThat(cost.at("/batch/total").asDouble()).isEqualTo(0.50);
        assertThat(cost.at("/synchronous/total").asDouble()).isEqualTo(1.50);
        assertThat(cost.at("/byRole/writer/p95").asDouble()).isEqualTo(0.25);
        assertThat(cost.at("/tokensPerPaper/cachedInput/total").asDouble()).isEqualTo(300_000);
        assertThat(cost.get("pricesChecked").asString()).isEqualTo("2026-11-29");
        assertThat(BenchAggregates.of(rows(), Map.of()).get("cost").isEmpty()).as("offline: no cost").isTrue();
    }

    // issue 42: the report shows dollars per paper and the win rates' intervals, checked in a browser
    @Test
    void the_report_shows_dollars_per_paper_and_win_rate_intervals_in_chromium(@TempDir Path dir) throws Exception {
        var chromium = HeadlessChromium.binary();
        assumeTrue(chromium.isPresent(), "chromium is not installed (apt-get install chromium); the browser check needs it");
        Path report = dir.resolve("report.html");
        Files.writeString(report, HtmlReport.render("bench", modelRows(), BenchAggregates.of(modelRows(), Map.of())));

        HeadlessChromium.Page page = HeadlessChromium.open(chromium.get(), report);

        HeadlessChromium.assertReportRendered(page);
        HeadlessChromium.assertShowsCostAndIntervals(page);
        assertThat(page.dom()).contains("<tr data-cost=\"all\"><td>All calls</td><td>$0.3000</td><td>$1.0000</td>"
                + "<td>$2.0000</td></tr>", "data-cost=\"role-writer\"");
    }

    /** Four cases judged by two families that agree on the first three: each family's verdicts in both orders. */
    private static List<ResultRow> twoFamilyRows() {
        String[] first = {"win", "loss", "tie", "win"};
        String[] second = {"win", "loss", "tie", "loss"};
        List<ResultRow> rows = new java.util.ArrayList<>();
        for (int i = 0; i < first.length; i++) {
            CaseEntry entry = new CaseEntry("case-" + i, 1, "case-" + i + "-abc123-1", CaseState.COMPLETE,
                    T0.plusSeconds(30), T0, null, null);
            Map<String, Object> columns = new java.util.LinkedHashMap<>(Map.of("sxs_paper", first[i],
                    "sxs_paper_generated_first", first[i], "sxs_paper_generated_second", first[i]));
            Map<String, Map<String, String>> by = new java.util.LinkedHashMap<>();
            by.put("openai:gpt-4.1", Map.of("verdict", first[i], "generated_first", first[i], "generated_second",
                    first[i]));
            by.put("anthropic:claude-sonnet-4-5", Map.of("verdict", second[i], "generated_first", second[i],
                    "generated_second", second[i]));
            columns.put("sxs_paper_by", by);
            // the --judge family's calls on the case (two scopes, both orders), and the first family's: those and
            // literature quality's, one of them answered from the response cache
            columns.put(JudgeUsage.COLUMN, Map.of("anthropic:claude-sonnet-4-5", Map.of("calls", 4L, "cacheHits", 0L,
                    "inputTokens", 10_000L, "cachedInputTokens", 6_000L, "cacheWriteInputTokens", 2_000L,
                    "outputTokens", 500L, "costUsd", 0.0333), "openai:gpt-4.1", Map.of("calls", 4L, "cacheHits", 1L,
                    "inputTokens", 20_000L, "cachedInputTokens", 0L, "cacheWriteInputTokens", 0L,
                    "outputTokens", 1_000L, "costUsd", 0.05)));
            rows.add(ResultRow.of(entry, modelSummary(0.2, 0), "cases/case-" + i, columns));
        }
        return rows;
    }

    // issue 42: the --judge families' tokens and dollars are the benchmark's cost, summed apart from the papers'
    @Test
    void the_judge_families_cost_is_summed_per_family_and_kept_out_of_the_cost_per_paper() {
        var cost = BenchAggregates.of(twoFamilyRows(), Map.of()).get("cost");

        assertThat(cost.at("/dollarsPerPaper/total").asDouble()).as("the papers' own calls only").isEqualTo(0.8);
        var family = cost.at("/judges/families/anthropic:claude-sonnet-4-5");
        assertThat(family.get("calls").asLong()).isEqualTo(16);
        assertThat(family.get("inputTokens").asLong()).isEqualTo(40_000);
        assertThat(family.get("cachedInputTokens").asLong()).isEqualTo(24_000);
        assertThat(family.get("cacheWriteInputTokens").asLong()).isEqualTo(8_000);
        assertThat(family.get("outputTokens").asLong()).isEqualTo(2_000);
        assertThat(family.get("dollars").asDouble()).isEqualTo(0.1332);
        var first = cost.at("/judges/families/openai:gpt-4.1");
        assertThat(first.get("calls").asLong()).as("the first family's calls are judging too").isEqualTo(16);
        assertThat(first.get("cacheHits").asLong()).isEqualTo(4);
        assertThat(first.get("inputTokens").asLong()).isEqualTo(80_000);
        assertThat(first.get("outputTokens").asLong()).isEqualTo(4_000);
        assertThat(first.get("dollars").asDouble()).isEqualTo(0.2);
        assertThat(cost.at("/judges/dollars").asDouble()).isEqualTo(0.3332);
        assertThat(cost.at("/judges/cases").asInt()).isEqualTo(4);
        assertThat(BenchAggregates.of(modelRows(), Map.of()).get("cost").has("judges"))
                .as("no case rated by a model, no judging cost").isFalse();
    }

    // issue 42: with two judge families the report shows each family's win rate and their agreement beside them
    @Test
    void the_report_shows_the_judge_families_agreement_beside_the_win_rates_in_chromium(@TempDir Path dir)
            throws Exception {
        var chromium = HeadlessChromium.binary();
        assumeTrue(chromium.isPresent(), "chromium is not installed (apt-get install chromium); the browser check needs it");
        Path two = dir.resolve("two.html");
        Files.writeString(two, HtmlReport.render("bench", twoFamilyRows(), BenchAggregates.of(twoFamilyRows(),
                Map.of())));
        Path one = dir.resolve("one.html");
        Files.writeString(one, HtmlReport.render("bench", modelRows(), BenchAggregates.of(modelRows(), Map.of())));

        HeadlessChromium.Page page = HeadlessChromium.open(chromium.get(), two);
        HeadlessChromium.Page single = HeadlessChromium.open(chromium.get(), one);

        HeadlessChromium.assertReportRendered(page);
        HeadlessChromium.assertShowsCostAndIntervals(page);
        HeadlessChromium.assertShowsJudgeAgreement(page);
        // 8 verdicts (3 win, 3 loss, 2 tie), one case apart: D_o = 2/8, D_e = 42/56, alpha = 1 - 0.25 / 0.75
        assertThat(page.dom()).contains("Krippendorff's alpha (nominal, 2 families, 4 cases) 0.667",
                "openai:gpt-4.1 and anthropic:claude-sonnet-4-5 agree on 75.0% (3 of 4)",
                "<td>Whole paper (judge anthropic:claude-sonnet-4-5)</td><td>4</td><td>1 / 1 / 2</td>",
                "Side-by-side (paper) by judge family: openai:gpt-4.1 win, anthropic:claude-sonnet-4-5 loss");
        assertThat(page.dom()).as("the judging cost, apart from the papers'").contains("id=\"judge-cost\"",
                "<tr data-judge-cost=\"anthropic:claude-sonnet-4-5\"><td>anthropic:claude-sonnet-4-5</td><td>16</td>"
                        + "<td>40,000</td><td>24,000</td><td>8,000</td><td>2,000</td><td>$0.1332</td></tr>",
                "<tr data-judge-cost=\"openai:gpt-4.1\"><td>openai:gpt-4.1</td><td>16</td>"
                        + "<td>80,000</td><td>0</td><td>0</td><td>4,000</td><td>$0.2000</td></tr>",
                "<td>All families</td><td></td><td></td><td></td><td></td><td></td><td>$0.3332</td>",
                "id=\"judge-cost-note\"");
        assertThat(single.dom()).doesNotContain("id=\"judge-cost\"");
        HeadlessChromium.assertReportRendered(single);
        assertThat(single.dom()).contains("class=\"judge-agreement\"", "one judge family: there is no agreement");
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> HeadlessChromium.assertShowsJudgeAgreement(single))
                .isInstanceOf(AssertionError.class);
    }

    @Test
    void the_cost_and_interval_check_fails_on_a_report_without_them(@TempDir Path dir) throws Exception {
        var chromium = HeadlessChromium.binary();
        assumeTrue(chromium.isPresent(), "chromium is not installed (apt-get install chromium); the browser check needs it");
        Path withoutCost = dir.resolve("offline.html");
        Files.writeString(withoutCost, HtmlReport.render("bench", rows(), BenchAggregates.of(rows(), Map.of())));
        // the cost table there, the intervals cut out
        Path withoutIntervals = dir.resolve("no-intervals.html");
        Files.writeString(withoutIntervals, HtmlReport.render("bench", modelRows(),
                BenchAggregates.of(modelRows(), Map.of())).replaceAll(" \\(95% CI [^)]*\\)", ""));

        for (Path report : List.of(withoutCost, withoutIntervals)) {
            HeadlessChromium.Page page = HeadlessChromium.open(chromium.get(), report);
            HeadlessChromium.assertReportRendered(page);
            org.assertj.core.api.Assertions.assertThatThrownBy(() -> HeadlessChromium.assertShowsCostAndIntervals(page))
                    .as(report.getFileName().toString()).isInstanceOf(AssertionError.class);
        }
    }

    @Test
    void the_browser_check_fails_on_a_script_error(@TempDir Path dir) throws Exception {
        var chromium = HeadlessChromium.binary();
        assumeTrue(chromium.isPresent(), "chromium is not installed (apt-get install chromium); the browser check needs it");
        Path report = dir.resolve("report.html");
        String html = HtmlReport.render("bench", rows(), BenchAggregates.of(rows(), Map.of()))
                .replace("document.body.setAttribute('data-report-ready','1');",
                        "document.body.setAttribute('data-report-ready','1');undefinedFunction();");
        Files.writeString(report, html);

        HeadlessChromium.Page page = HeadlessChromium.open(chromium.get(), report);

        assertThat(page.dom()).contains("class=\"report-error\"", "undefinedFunction");
    }
}
