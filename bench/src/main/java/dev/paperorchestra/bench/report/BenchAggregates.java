package dev.paperorchestra.bench.report;

import dev.paperorchestra.base.json.Json;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import tools.jackson.databind.node.ObjectNode;

/**
 * BENCH_DIR/summary.json: counts and rates of the states, then for every numeric column the count, median,
 * p90, mean and total over the cases that have it, gate failure counts, and side-by-side win/tie/loss counts
 * with the win rate's bootstrap interval and the judge's position bias ({@link SideBySideStats}), and the model
 * cost per paper ({@link CostReport}).
 */
public final class BenchAggregates {

    private BenchAggregates() {
    }

    public static ObjectNode of(List<ResultRow> rows, Map<String, String> notes) {
        ObjectNode json = Json.mapper().createObjectNode();
        json.put("cases", rows.size());
        Map<String, Integer> states = new TreeMap<>();
        rows.forEach(row -> states.merge(String.valueOf(row.get("state")), 1, Integer::sum));
        ObjectNode stateNode = json.putObject("states");
        states.forEach(stateNode::put);
        ObjectNode rates = json.putObject("rates");
        rates.put("complete", rate(states.getOrDefault("complete", 0), rows.size()));
        rates.put("written", rate(states.getOrDefault("complete", 0) + states.getOrDefault("incomplete", 0), rows.size()));
        long compiled = rows.stream().filter(row -> "COMPILED".equals(row.get("compile_status"))).count();
        rates.put("compiled", rate(compiled, rows.size()));
        long withinLimit = rows.stream().filter(row -> row.get("main_text_pages") instanceof Number pages
                && row.get("page_limit") instanceof Number limit && pages.longValue() <= limit.longValue()).count();
        rates.put("withinPageLimit", rate(withinLimit, rows.size()));
        ObjectNode metrics = json.putObject("metrics");
        for (String column : numericColumns(rows)) {
            List<Double> values = new ArrayList<>();
            rows.forEach(row -> {
                if (row.get(column) instanceof Number number) {
                    values.add(number.doubleValue());
                }
            });
            metrics.set(column, Stats.of(values).toJson());
        }
        ObjectNode gates = json.putObject("gateFailures");
        Map<String, Integer> failures = new TreeMap<>();
        rows.forEach(row -> row.columns().forEach((column, value) -> {
            if ((column.startsWith("gate_") || column.startsWith("check_")) && "fail".equals(value)) {
                failures.merge(column, 1, Integer::sum);
            }
        }));
        failures.forEach(gates::put);
        ObjectNode sxs = json.putObject("sideBySide");
        for (String column : List.of("sxs_paper", "sxs_literature")) {
            sxs.set(column, SideBySideStats.of(rows, column));
        }
        // dollars per paper p50/p95 and total, split by role and by batch or synchronous
        json.set("cost", CostReport.of(rows));
        ObjectNode noteNode = json.putObject("notes");
        notes.forEach(noteNode::put);
        return json;
    }

    static Collection<String> numericColumns(List<ResultRow> rows) {
        TreeSet<String> columns = new TreeSet<>();
        rows.forEach(row -> row.columns().forEach((column, value) -> {
            if (value instanceof Number && !column.equals("attempt")) {
                columns.add(column);
            }
        }));
        return columns;
    }

    private static double rate(long count, int of) {
        return of == 0 ? 0 : Math.round(1000.0 * count / of) / 1000.0;
    }

    /** Order statistics by the nearest-rank method. */
    public record Stats(int count, double median, double p90, double mean, double total, double min, double max) {

        public static Stats of(List<Double> values) {
            if (values.isEmpty()) {
                return new Stats(0, Double.NaN, Double.NaN, Double.NaN, 0, Double.NaN, Double.NaN);
            }
            List<Double> sorted = values.stream().sorted().toList();
            double total = sorted.stream().mapToDouble(Double::doubleValue).sum();
            return new Stats(sorted.size(), rank(sorted, 0.5), rank(sorted, 0.9), total / sorted.size(), total,
                    sorted.getFirst(), sorted.getLast());
        }

        /** The nearest-rank percentile of sorted values: the smallest value with {@code quantile} of them at or below it. */
        static double percentile(List<Double> sorted, double quantile) {
            return rank(sorted, quantile);
        }

        private static double rank(List<Double> sorted, double quantile) {
            int index = (int) Math.ceil(quantile * sorted.size()) - 1;
            return sorted.get(Math.max(0, Math.min(sorted.size() - 1, index)));
        }

        ObjectNode toJson() {
            ObjectNode json = Json.mapper().createObjectNode().put("count", count);
            if (count > 0) {
                json.put("median", round(median)).put("p90", round(p90)).put("mean", round(mean))
                        .put("total", round(total)).put("min", round(min)).put("max", round(max));
            }
            return json;
        }

        private static double round(double value) {
            return Math.round(value * 1000) / 1000.0;
        }
    }
}
