package dev.paperorchestra.bench.report;

import dev.paperorchestra.base.json.Json;
import java.util.ArrayList;
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
 * (input, the prompt-cache reads among it, output). It is an estimate from the price table each paper's
 * summary.json names the checked date of; the report says so.
 */
final class CostReport {

    private CostReport() {
    }

    /** BENCH_DIR/summary.json's {@code cost}; empty when no case made a paid call (offline). */
    static ObjectNode of(List<ResultRow> rows) {
        ObjectNode json = Json.mapper().createObjectNode();
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

    /** The report's cost section; nothing without a paid call. */
    static String html(JsonNode cost) {
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
        row(html, "output", "Output", cost.path("tokensPerPaper").path("output"), false);
        html.append("</table></div><p class=\"note\" id=\"cost-note\">Dollars are an estimate over ")
                .append(cost.path("papers").asInt()).append(" papers with model calls: the tokens the providers "
                        + "reported, priced by the price table checked on ")
                .append(Html.escape(cost.path("pricesChecked").asString()))
                .append(" (po.llm.prices), prompt-cache reads at the cached-input price and batch calls at the "
                        + "batch price. Percentiles by the nearest-rank method.</p>");
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
