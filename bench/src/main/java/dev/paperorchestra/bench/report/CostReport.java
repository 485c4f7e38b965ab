package dev.paperorchestra.bench.report;

import dev.paperorchestra.base.json.Json;
import dev.paperorchestra.bench.autorate.JudgeUsage;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * What the papers' model calls cost, over the cases that made any: dollars per paper (p50, p95 by the
 * nearest-rank method, and the total), split into synchronous and batch calls and by role, and tokens per paper
 * (input, the prompt-cache reads and writes among it, output). It is an estimate from the price table each paper's
 * summary.json names the checked date of; the report says so. Apart from it, what the judge families cost the
 * benchmark ({@code judges}): the first family, which makes every model rater's calls, and each {@code --judge}
 * family; never added to a paper's cost.
 */
final class CostReport {

    /** A judge family's counts, summed over the cases as whole numbers. */
    private static final List<String> JUDGE_TOKENS = List.of("calls", "cacheHits", "inputTokens",
            "cachedInputTokens", "cacheWriteInputTokens", "outputTokens");

    private CostReport() {
    }

    /** BENCH_DIR/summary.json's {@code cost}; empty when no case made a paid call (offline). */
    static ObjectNode of(List<ResultRow> rows) {
        ObjectNode json = Json.mapper().createObjectNode();
        ObjectNode judges = judges(rows);
        if (!judges.isEmpty()) {
            json.set("judges", judges);
        }
        List<ResultRow> paid = rows.stream().filter(row -> row.get("input_tokens") instanceof Number).toList();
        if (paid.isEmpty()) {
            return json;
        }
        json.put("papers", paid.size());
        json.set("dollarsPerPaper", spread(paid, "cost_usd"));
        json.set("synchronous", spread(paid, "cost_usd_sync"));
        json.set("batch", spread(paid, "cost_usd_batch"));
        ObjectNode roles = json.putObject("byRole");
        new TreeSet<>(paid.stream().flatMap(row -> row.columns().keySet().stream())
                .filter(column -> column.startsWith(ResultRow.ROLE_COST)).toList())
                .forEach(column -> roles.set(column.substring(ResultRow.ROLE_COST.length()), spread(paid, column)));
        ObjectNode tokens = json.putObject("tokensPerPaper");
        tokens.set("input", spread(paid, "input_tokens"));
        tokens.set("cachedInput", spread(paid, "cached_input_tokens"));
        tokens.set("cacheWriteInput", spread(paid, "cache_write_input_tokens"));
        tokens.set("output", spread(paid, "output_tokens"));
        Map<String, Integer> checked = new TreeMap<>();
        paid.forEach(row -> checked.merge(String.valueOf(row.get("prices_checked") == null ? "not recorded"
                : row.get("prices_checked")), 1, Integer::sum));
        json.put("pricesChecked", String.join("; ", checked.keySet()));
        long batchCalls = paid.stream().mapToLong(row -> row.get("batch_calls") instanceof Number n ? n.longValue()
                : 0).sum();
        json.put("batchCalls", batchCalls);
        return json;
    }

    /**
     * The judge families' calls summed over the cases, per family (calls, cache hits, input tokens with the
     * prompt-cache reads and writes among them, output tokens, dollars), and their dollars in total; empty when no
     * case was rated by a model.
     */
    static ObjectNode judges(List<ResultRow> rows) {
        Map<String, Map<String, Double>> sums = new TreeMap<>();
        int cases = 0;
        for (ResultRow row : rows) {
            if (!(row.get(JudgeUsage.COLUMN) instanceof Map<?, ?> families)) {
                continue;
            }
            cases++;
            families.forEach((family, figures) -> {
                Map<String, Double> sum = sums.computeIfAbsent(String.valueOf(family), k -> new LinkedHashMap<>());
                ((Map<?, ?>) figures).forEach((figure, value) -> sum.merge(String.valueOf(figure),
                        value instanceof Number n ? n.doubleValue() : 0.0, Double::sum));
            });
        }
        ObjectNode json = Json.mapper().createObjectNode();
        if (sums.isEmpty()) {
            return json;
        }
        json.put("cases", cases);
        ObjectNode families = json.putObject("families");
        double dollars = 0;
        for (Map.Entry<String, Map<String, Double>> family : sums.entrySet()) {
            ObjectNode figures = families.putObject(family.getKey());
            for (String figure : JUDGE_TOKENS) {
                figures.put(figure, Math.round(family.getValue().getOrDefault(figure, 0.0)));
            }
            double cost = family.getValue().getOrDefault(JudgeUsage.COST, 0.0);
            figures.put("dollars", round(cost));
            dollars += cost;
        }
        json.put("dollars", round(dollars));
        json.put("note", "the benchmark's cost of judging, not the papers': never in dollarsPerPaper");
        return json;
    }

    /** p50, p95, mean and total of a column over the rows (a row without it counts 0: it paid nothing there). */
    static ObjectNode spread(List<ResultRow> rows, String column) {
        List<Double> values = new ArrayList<>();
        rows.forEach(row -> values.add(row.get(column) instanceof Number n ? n.doubleValue() : 0.0));
        List<Double> sorted = values.stream().sorted().toList();
        double total = sorted.stream().mapToDouble(Double::doubleValue).sum();
        return Json.mapper().createObjectNode().put("p50", round(BenchAggregates.Stats.percentile(sorted, 0.5)))
                .put("p95", round(BenchAggregates.Stats.percentile(sorted, 0.95)))
                .put("mean", round(total / sorted.size())).put("total", round(total));
    }

    private static double round(double value) {
        return Math.round(value * 1_000_000) / 1_000_000.0;
    }

    /** The report's cost section, and the judges' apart; nothing without a paid call. */
    static String html(JsonNode cost) {
        return papersHtml(cost) + judgesHtml(cost.path("judges"));
    }

    private static String papersHtml(JsonNode cost) {
        if (!cost.has("papers")) {
            return "";
        }
        StringBuilder html = new StringBuilder("<h2>Model cost per paper</h2><div class=\"table-wrap\">"
                + "<table id=\"cost\"><tr><th>Calls</th><th>p50 per paper</th><th>p95 per paper</th>"
                + "<th>total</th></tr>");
        row(html, "all", "All calls", cost.path("dollarsPerPaper"), true);
        row(html, "synchronous", "Synchronous", cost.path("synchronous"), true);
        row(html, "batch", "Batch (" + cost.path("batchCalls").asLong() + " calls)", cost.path("batch"), true);
        cost.path("byRole").properties().forEach(role -> row(html, "role-" + role.getKey(),
                "Role " + ReportWords.ofKey(role.getKey()), role.getValue(), true));
        html.append("<tr><th>Tokens</th><th>p50 per paper</th><th>p95 per paper</th><th>total</th></tr>");
        row(html, "input", "Input", cost.path("tokensPerPaper").path("input"), false);
        row(html, "cached-input", "of it read from a prompt cache", cost.path("tokensPerPaper").path("cachedInput"),
                false);
        row(html, "cache-write-input", "of it written to a prompt cache",
                cost.path("tokensPerPaper").path("cacheWriteInput"), false);
        row(html, "output", "Output", cost.path("tokensPerPaper").path("output"), false);
        html.append("</table></div><p class=\"note\" id=\"cost-note\">Dollars are an estimate over ")
                .append(cost.path("papers").asInt()).append(" papers with model calls: the tokens the providers "
                        + "reported, priced by the price table checked on ")
                .append(Html.escape(cost.path("pricesChecked").asString()))
                .append(" (po.llm.prices), prompt-cache reads at the cached-input price, writes at the "
                        + "cache-write price and batch calls at the batch price. Percentiles by the nearest-rank "
                        + "method. What judging cost is the benchmark's and is not in these figures.</p>");
        return html.toString();
    }

    private static String judgesHtml(JsonNode judges) {
        if (!judges.has("families")) {
            return "";
        }
        StringBuilder html = new StringBuilder("<h2>Cost of judging</h2><div class=\"table-wrap\">"
                + "<table id=\"judge-cost\"><tr><th>Judge family</th><th>Calls</th><th>Input tokens</th>"
                + "<th>read from a prompt cache</th><th>written to it</th><th>Output tokens</th><th>Dollars</th></tr>");
        judges.path("families").properties().forEach(family -> {
            JsonNode figures = family.getValue();
            html.append("<tr data-judge-cost=\"").append(Html.escape(family.getKey())).append("\"><td>")
                    .append(Html.escape(family.getKey())).append("</td>");
            for (String figure : List.of("calls", "inputTokens", "cachedInputTokens", "cacheWriteInputTokens",
                    "outputTokens")) {
                html.append("<td>").append(amount(figures.path(figure).asDouble(), false)).append("</td>");
            }
            html.append("<td>").append(amount(figures.path("dollars").asDouble(), true)).append("</td></tr>");
        });
        html.append("<tr data-judge-cost=\"all\"><td>All families</td><td></td><td></td><td></td><td></td><td></td><td>")
                .append(amount(judges.path("dollars").asDouble(), true)).append("</td></tr></table></div>")
                .append("<p class=\"note\" id=\"judge-cost-note\">The judge families' calls (the first family's are "
                        + "every model rater's: citation F1's labels, literature quality, side-by-side) over ")
                .append(judges.path("cases").asInt()).append(" judged cases, priced by the same table: the "
                        + "benchmark's cost, kept out of every paper's cost.</p>");
        return html.toString();
    }

    private static void row(StringBuilder html, String key, String label, JsonNode spread, boolean dollars) {
        html.append("<tr data-cost=\"").append(key).append("\"><td>").append(Html.escape(label)).append("</td><td>")
                .append(amount(spread.path("p50").asDouble(), dollars)).append("</td><td>")
                .append(amount(spread.path("p95").asDouble(), dollars)).append("</td><td>")
                .append(amount(spread.path("total").asDouble(), dollars)).append("</td></tr>");
    }

    static String amount(double value, boolean dollars) {
        return dollars ? String.format(Locale.ROOT, "$%.4f", value) : String.format(Locale.ROOT, "%,.0f", value);
    }
}
