package dev.paperorchestra.bench.report;

import dev.paperorchestra.bench.report.Svg.Bar;
import dev.paperorchestra.bench.report.Svg.Strip;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;

/**
 * report.html: one self-contained page (inline CSS, inline SVG, one small inline script that sorts the table)
 * with the charts, the results table linking each paper's PDF and summary, and the failure reasons grouped.
 * It loads nothing from the network.
 */
public final class HtmlReport {

    /** The charts of a report, by element id, in order; one without data is left out and named in #hidden-charts. */
    public static final List<String> CHARTS = List.of("chart-stage-times", "chart-pages", "chart-citations",
            "chart-cost", "chart-gate-failures", "chart-scores", "chart-autoraters", "chart-sxs");

    private static final String STYLE = """
            body{font:14px/1.4 system-ui,sans-serif;margin:24px;color:#222}h1{font-size:22px}h2{font-size:17px;margin-top:28px}
            .grid{display:flex;flex-wrap:wrap;gap:16px}.chart{border:1px solid #ddd;border-radius:4px;background:#fff}
            .t{font-size:11px;fill:#333}.h{font-size:13px;font-weight:600;fill:#111}.bar{fill:#4a78b5}.bar.over{fill:#c8553d}
            .limit{stroke:#111;stroke-width:2}.dot{fill:#4a78b5;fill-opacity:.6}.median{stroke:#c8553d;stroke-width:2}
            table{border-collapse:collapse;font-size:12px}th,td{border:1px solid #ddd;padding:3px 6px;text-align:left}
            th{background:#f3f3f3;cursor:pointer}tr.failed td{background:#fbeaea}.note{color:#555}
            .headline{font-size:16px}svg.chart{max-width:100%;height:auto}.table-wrap{max-width:100%;overflow-x:auto}
            #results td:first-child{overflow-wrap:anywhere;min-width:8em}#results th{white-space:normal}.case{border-top:1px solid #ddd;margin-top:12px}.case h3{font-size:15px;overflow-wrap:anywhere}
            .figures{display:flex;flex-wrap:wrap;gap:12px}.figures figure{margin:0;width:220px}.figures img{width:220px;height:auto;border:1px solid #ddd}.figures figcaption{font-size:11px;overflow-wrap:anywhere}
            .findings li{margin:2px 0}.state-complete{color:#2d6a2d}.state-incomplete,.state-failed,.state-invalid,.state-timed-out,.state-cancelled{color:#a33}""";
    private static final String SCRIPT = """
            function reportError(m){var e=document.createElement('p');e.className='report-error';e.textContent='script error: '+m;document.body.appendChild(e);}
            window.onerror=function(m){reportError(m);};
            var consoleError=console.error;console.error=function(){reportError(Array.prototype.join.call(arguments,' '));consoleError.apply(console,arguments);};
            document.querySelectorAll('#results th').forEach(function(th,col){th.addEventListener('click',function(){
              var body=document.querySelector('#results tbody');var rows=Array.prototype.slice.call(body.rows);
              var asc=th.getAttribute('data-asc')!=='1';th.setAttribute('data-asc',asc?'1':'0');
              rows.sort(function(a,b){var x=a.cells[col].textContent,y=b.cells[col].textContent;var nx=parseFloat(x),ny=parseFloat(y);
                var c=(!isNaN(nx)&&!isNaN(ny))?nx-ny:x.localeCompare(y);return asc?c:-c;});
              rows.forEach(function(r){body.appendChild(r);});});});
            document.body.setAttribute('data-report-ready','1');""";
    private static final List<String> TABLE_COLUMNS = List.of("case", "state", "failure_stage", "wall_seconds",
            "main_text_pages", "page_limit", "tables", "figures", "verified_citations", "pool_share_cited",
            "writer_gates_passed", "compile_status", "model_calls", "tokens", "cost_usd", "final_overall",
            "citation_all_f1", "citation_p0_recall", "citation_p1_recall", "literature_quality", "sxs_paper",
            "sxs_literature");

    private HtmlReport() {
    }

    public static String render(String title, List<ResultRow> rows, JsonNode aggregates) {
        return render(title, rows, aggregates, null);
    }

    public static String render(String title, List<ResultRow> rows, JsonNode aggregates, @Nullable JsonNode comparison) {
        StringBuilder html = new StringBuilder("<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>")
                .append(Html.escape(title)).append("</title><style>").append(STYLE).append("</style></head><body>");
        html.append("<h1>").append(Html.escape(title)).append("</h1>");
        html.append("<p class=\"headline\" id=\"headline\">").append(Html.escape(Headline.of(rows, aggregates.path("run")))).append("</p>");
        aggregates.path("notes").properties().forEach(note -> html.append("<p class=\"note\">")
                .append(Html.escape(ReportWords.label(note.getKey()) + ": " + note.getValue().asString()))
                .append("</p>"));
        Map<String, String> charts = new java.util.LinkedHashMap<>();
        charts.put("Wall time and per-stage times", stageTimes(rows));
        charts.put("Main-text pages against the page limit", Svg.bars("chart-pages", "Main-text pages against the page limit", "",
                bars(rows, "main_text_pages", row -> row.get("page_limit") instanceof Number limit ? limit.doubleValue() : null)));
        charts.put("Verified citations", Svg.bars("chart-citations", "Verified citations per paper", "",
                bars(rows, "verified_citations", r -> null)));
        charts.put("Model cost", Svg.bars("chart-cost", "Estimated model cost per paper (USD)", "",
                bars(rows, "cost_usd", r -> null)));
        List<Bar> gates = new ArrayList<>();
        aggregates.path("gateFailures").properties().forEach(e -> gates.add(new Bar(ReportWords.ofKey(e.getKey()),
                e.getValue().asDouble(), null)));
        charts.put("Gate and check failures", Svg.bars("chart-gate-failures", "Gate and check failures (papers)", "", gates));
        charts.put("Final review scores", Svg.strips("chart-scores", "Final review score (overall)", "",
                List.of(strip(rows, "final_overall"))));
        charts.put("Autorater figures", Svg.strips("chart-autoraters", "Autorater figures", "", List.of(
                strip(rows, "citation_all_f1"), strip(rows, "citation_p0_recall"), strip(rows, "citation_p1_recall"),
                strip(rows, "literature_quality"))));
        List<Bar> sxs = new ArrayList<>();
        aggregates.path("sideBySide").properties().forEach(scope -> List.of("loss", "tie", "win").forEach(
                verdict -> sxs.add(new Bar(scope.getKey() + " " + verdict, scope.getValue().path(verdict).asDouble(), null))));
        charts.put("Side-by-side verdicts", Svg.bars("chart-sxs", "Side-by-side against the human paper (both orders)",
                "", sxs));
        html.append("<h2>Charts</h2><div class=\"grid\">");
        charts.values().forEach(html::append);
        html.append("</div>");
        List<String> hidden = new ArrayList<>();
        List<String> hiddenIds = new ArrayList<>();
        List<String> titles = new ArrayList<>(charts.keySet());
        List<String> rendered = new ArrayList<>(charts.values());
        for (int i = 0; i < titles.size(); i++) {
            if (rendered.get(i).isEmpty()) {
                hidden.add(titles.get(i));
                hiddenIds.add(CHARTS.get(i));
            }
        }
        if (!hidden.isEmpty()) {
            // a chart with nothing to show (an offline run has no cost) is left out, and named here
            html.append("<p class=\"note\" id=\"hidden-charts\" data-charts=\"").append(String.join(" ", hiddenIds))
                    .append("\">Not shown, no data in this run: ").append(Html.escape(String.join(", ", hidden)))
                    .append(".</p>");
        }
        html.append(sideBySideRates(aggregates.path("sideBySide")));
        html.append(CostReport.html(aggregates.path("cost")));
        html.append(resultsTable(rows));
        html.append(failures(rows));
        html.append(CasePages.render(rows));
        if (comparison != null) {
            html.append("<h2>Comparison with an earlier run</h2><pre id=\"comparison\" class=\"comparison\">");
            BenchComparison.lines(comparison).forEach(line -> html.append(Html.escape(line)).append('\n'));
            html.append("</pre>");
        }
        html.append(aboutTheRun(aggregates.path("run")));
        html.append("<script>").append(SCRIPT).append("</script></body></html>\n");
        return html.toString();
    }

    /** Version, mode, models, machine, times and parallelism: what makes two runs comparable or not. */
    private static String aboutTheRun(JsonNode run) {
        if (run.isMissingNode() || run.isEmpty()) {
            return "";
        }
        StringBuilder html = new StringBuilder("<h2>About this run</h2><table id=\"run\">");
        run.properties().forEach(e -> html.append("<tr><th>").append(Html.escape(ReportWords.label(e.getKey())))
                .append("</th><td>")
                .append(Html.escape(e.getValue().isString() ? e.getValue().asString() : e.getValue().toString()))
                .append("</td></tr>"));
        return html.append("</table>").toString();
    }

    private static String stageTimes(List<ResultRow> rows) {
        Set<String> stages = new LinkedHashSet<>();
        rows.forEach(row -> row.columns().keySet().stream().filter(c -> c.startsWith("stage_seconds_")).forEach(stages::add));
        List<Strip> strips = new ArrayList<>();
        strips.add(strip(rows, "wall_seconds"));
        stages.forEach(stage -> strips.add(strip(rows, stage)));
        return Svg.strips("chart-stage-times", "Wall time and per-stage times (s)", "s", strips.stream()
                .map(s -> new Strip(s.label().replace("stage_seconds_", ""), s.values())).toList());
    }

    private static Strip strip(List<ResultRow> rows, String column) {
        List<Double> values = new ArrayList<>();
        rows.forEach(row -> {
            if (row.get(column) instanceof Number number) {
                values.add(number.doubleValue());
            }
        });
        return new Strip(column, values);
    }

    private static List<Bar> bars(List<ResultRow> rows, String column, Function<ResultRow, Double> limit) {
        List<Bar> bars = new ArrayList<>();
        rows.forEach(row -> {
            if (row.get(column) instanceof Number number) {
                bars.add(new Bar(String.valueOf(row.get("case")), number.doubleValue(), limit.apply(row)));
            }
        });
        return bars;
    }

    /**
     * Each side-by-side scope's win rate with its bootstrap interval, and how often the verdict flipped with the
     * order of the two papers; with several judge families, a row per family under the scope's, and below the
     * table how far the families agree (or that there is one family); nothing when no case was judged.
     */
    private static String sideBySideRates(JsonNode sideBySide) {
        StringBuilder body = new StringBuilder();
        StringBuilder agreement = new StringBuilder();
        sideBySide.properties().forEach(scope -> {
            JsonNode figures = scope.getValue();
            if (!figures.has("winRate")) {
                return;
            }
            String name = scope.getKey().equals("sxs_paper") ? "Whole paper" : "Literature review";
            String families = figures.path("byJudge").isObject() ? " (judge " + figures.path("judgeAgreement")
                    .path("families").path(0).asString() + ")" : "";
            body.append(rateRow("data-scope=\"" + Html.escape(scope.getKey()) + "\"", name + families, figures));
            figures.path("byJudge").properties().stream().skip(1).forEach(family -> body.append(rateRow(
                    "data-judge=\"" + Html.escape(family.getKey()) + "\"", name + " (judge " + family.getKey() + ")",
                    family.getValue())));
            JsonNode judges = figures.path("judgeAgreement");
            if (judges.isObject()) {
                agreement.append("<p class=\"judge-agreement\" data-scope=\"").append(Html.escape(scope.getKey()))
                        .append("\">").append(Html.escape(name)).append(": ").append(Html.escape(agreementText(judges)))
                        .append("</p>");
            }
        });
        if (body.isEmpty()) {
            return "";
        }
        String bootstrap = sideBySide.properties().stream().map(e -> e.getValue().path("bootstrap").asString(""))
                .filter(text -> !text.isEmpty()).findFirst().orElse("");
        return "<h2>Side-by-side against the human paper</h2><div class=\"table-wrap\"><table id=\"sxs-rates\"><tr>"
                + "<th>Scope</th><th>Judged</th><th>Win / tie / loss</th><th>Win rate</th>"
                + "<th>Verdict flips with the order</th></tr>" + body + "</table></div><p class=\"note\">A tie is not "
                + "a win. Interval: bootstrap " + Html.escape(bootstrap) + ".</p>"
                + (agreement.isEmpty() ? "" : "<h3>Agreement between judge families</h3>" + agreement);
    }

    private static String rateRow(String attribute, String scope, JsonNode figures) {
        StringBuilder row = new StringBuilder();
        JsonNode ci = figures.path("winRateCi95");
        JsonNode bias = figures.path("positionBias");
        row.append("<tr ").append(attribute).append("><td>").append(Html.escape(scope)).append("</td><td>")
                .append(figures.path("judged").asInt()).append("</td><td>")
                .append(figures.path("win").asInt()).append(" / ").append(figures.path("tie").asInt()).append(" / ")
                .append(figures.path("loss").asInt()).append("</td><td class=\"win-rate\">");
        if (figures.has("winRate")) {
            row.append(percent(figures.path("winRate").asDouble())).append(" (95% CI ")
                    .append(percent(ci.path(0).asDouble())).append("–").append(percent(ci.path(1).asDouble()))
                    .append(")");
        } else {
            row.append("none judged");
        }
        row.append("</td><td>");
        if (bias.isObject()) {
            row.append(percent(bias.path("flipRate").asDouble())).append(" (").append(bias.path("flips").asInt())
                    .append(" of ").append(bias.path("pairs").asInt()).append("; same slot both times: first ")
                    .append(bias.path("sameSlotFirst").asInt()).append(", second ")
                    .append(bias.path("sameSlotSecond").asInt()).append(")");
        } else {
            row.append("not asked in both orders");
        }
        return row.append("</td></tr>").toString();
    }

    /** summary.json's judgeAgreement in words: alpha over the cases and each pair's share of equal verdicts. */
    static String agreementText(JsonNode judges) {
        if (judges.path("families").size() < 2) {
            return judges.path("reason").asString();
        }
        StringBuilder text = new StringBuilder("Krippendorff's alpha (nominal, ")
                .append(judges.path("families").size()).append(" families, ").append(judges.path("cases").asInt())
                .append(" cases) ");
        text.append(judges.path("alphaNominal").isNumber()
                ? String.format(java.util.Locale.ROOT, "%.3f", judges.path("alphaNominal").asDouble())
                : "undefined: " + judges.path("reason").asString());
        judges.path("pairwise").forEach(pair -> {
            text.append("; ").append(pair.path("a").asString()).append(" and ").append(pair.path("b").asString())
                    .append(" agree on ");
            text.append(pair.path("rate").isNumber() ? percent(pair.path("rate").asDouble()) + " ("
                    + pair.path("agree").asInt() + " of " + pair.path("cases").asInt() + ")" : "no common case");
        });
        return text.toString();
    }

    private static String resultsTable(List<ResultRow> rows) {
        // a column no case has a figure in (offline: tokens, cost) only widens the table
        List<String> columns = TABLE_COLUMNS.stream().filter(column -> column.equals("case") || column.equals("state")
                || rows.stream().anyMatch(row -> row.get(column) != null
                        && !(row.get(column) instanceof Number n && n.doubleValue() == 0))).toList();
        StringBuilder html = new StringBuilder("<h2>Results</h2><div class=\"table-wrap\"><table id=\"results\"><thead><tr>");
        columns.forEach(column -> html.append("<th>").append(column.replace('_', ' ')).append("</th>"));
        html.append("<th>files</th></tr></thead><tbody>");
        for (ResultRow row : rows) {
            boolean completed = "complete".equals(row.get("state"));
            html.append("<tr").append(completed ? "" : " class=\"failed\"").append('>');
            for (String column : columns) {
                Object value = row.get(column);
                html.append("<td>").append(value == null ? "" : Html.escape(value instanceof Double d
                        ? Svg.number(d) : String.valueOf(value))).append("</td>");
            }
            html.append("<td><a href=\"#").append(CasePages.anchor(String.valueOf(row.get("case")))).append("\">case</a> ");
            if (row.get("output_dir") instanceof String dir) {
                html.append("<a href=\"").append(Html.escape(dir)).append("/paper.pdf\">PDF</a> <a href=\"")
                        .append(Html.escape(dir)).append("/summary.json\">summary</a>");
            }
            html.append("</td></tr>");
        }
        return html.append("</tbody></table></div>").toString();
    }

    /**
     * The cases that are not complete, grouped: a written paper by each gate and rule (or check) its summary's
     * typed findings name, with every case's locations listed; a paper that stopped, by its stage and reason.
     */
    private static String failures(List<ResultRow> rows) {
        Map<String, Map<String, List<String>>> byReason = new TreeMap<>();
        rows.stream().filter(row -> !"complete".equals(row.get("state"))).forEach(row -> {
            String name = String.valueOf(row.get("case"));
            List<ResultRow.Shortfall> shortfalls = "incomplete".equals(row.get("state")) ? row.shortfalls() : List.of();
            if (shortfalls.isEmpty()) {
                byReason.computeIfAbsent(reasonHeading(row), k -> new java.util.LinkedHashMap<>())
                        .computeIfAbsent(name, k -> new ArrayList<>());
            }
            shortfalls.forEach(shortfall -> {
                List<String> where = byReason.computeIfAbsent("incomplete: " + shortfall.heading(),
                        k -> new java.util.LinkedHashMap<>()).computeIfAbsent(name, k -> new ArrayList<>());
                if (!shortfall.where().isEmpty() && !where.contains(shortfall.where())) {
                    where.add(shortfall.where());
                }
            });
        });
        StringBuilder html = new StringBuilder("<h2>Cases that are not complete</h2>");
        if (byReason.isEmpty()) {
            return html.append("<p>Every case is complete: its PDF compiled and every gate and final check passed.</p>")
                    .toString();
        }
        html.append("<ul id=\"failures\">");
        // the reasons most cases share first
        byReason.entrySet().stream().sorted(java.util.Comparator.comparing(
                (Map.Entry<String, Map<String, List<String>>> e) -> -e.getValue().size()))
                .forEach(group -> {
                    Map<String, List<String>> cases = group.getValue();
                    html.append("<li><b>").append(cases.size()).append("</b> ").append(Html.escape(group.getKey()))
                            .append(" — ");
                    List<String> shown = new ArrayList<>();
                    cases.forEach((name, where) -> shown.add("<a href=\"#" + CasePages.anchor(name) + "\">"
                            + Html.escape(name) + "</a>" + (where.isEmpty() ? ""
                                    : " (" + Html.escape(String.join(", ", where)) + ")")));
                    html.append(String.join(", ", shown)).append("</li>");
                });
        return html.append("</ul>").toString();
    }

    private static String reasonHeading(ResultRow row) {
        if ("incomplete".equals(row.get("state"))) {
            return "incomplete: " + (row.get("findings") == null ? "(no finding recorded)"
                    : String.valueOf(row.get("findings")).replaceAll("(/[^\\s:]+)+", "<path>"));
        }
        if ("running".equals(row.get("state")) || "submitting".equals(row.get("state"))) {
            return row.get("state") + ": the run was interrupted; the next run resumes it";
        }
        return row.get("state") + " at " + row.get("failure_stage") + ": " + reasonClass(row);
    }

    /** A reason with the paths and numbers that differ from case to case blanked, so alike failures group. */
    static String reasonClass(ResultRow row) {
        Object reason = row.get("failure_reason");
        return reason == null ? "(no reason given)"
                : String.valueOf(reason).replaceAll("(/[^\\s:]+)+", "<path>").replaceAll("\\d+", "N");
    }

    private static String percent(double share) {
        return Math.round(share * 1000) / 10.0 + "%";
    }
}
