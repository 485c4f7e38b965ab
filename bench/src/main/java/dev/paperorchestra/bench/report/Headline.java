package dev.paperorchestra.bench.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/** The report's first paragraph: what a benchmark team asks first, in words (complete x of n, PDFs, gates, scores, time). */
final class Headline {

    private static final List<String> ORDER = List.of("incomplete", "failed", "timed-out", "cancelled", "invalid",
            "running", "submitting");

    private Headline() {
    }

    static String of(List<ResultRow> rows) {
        int n = rows.size();
        List<String> sentences = new ArrayList<>();
        long complete = count(rows, "complete");
        StringBuilder states = new StringBuilder(complete + " of " + n + " cases complete (PDF compiled, every gate "
                + "and final check passed)");
        List<String> others = new ArrayList<>();
        for (String state : ORDER) {
            long count = count(rows, state);
            if (count > 0) {
                others.add(count + " " + state);
            }
        }
        if (!others.isEmpty()) {
            states.append("; ").append(String.join(", ", others));
        }
        sentences.add(states.toString());
        long pdf = rows.stream().filter(row -> "COMPILED".equals(row.get("compile_status"))).count();
        sentences.add("Valid PDF: " + pdf + " of " + n);
        Map<String, int[]> gates = new TreeMap<>();
        rows.forEach(row -> row.columns().forEach((column, value) -> {
            if (column.startsWith("gate_") || column.startsWith("check_")) {
                int[] tally = gates.computeIfAbsent(column, k -> new int[2]);
                tally[0] += "pass".equals(value) ? 1 : 0;
                tally[1]++;
            }
        }));
        if (!gates.isEmpty()) {
            List<String> passed = new ArrayList<>();
            gates.forEach((column, tally) -> passed.add(column.replaceFirst("^gate_", "gate ").replaceFirst("^check_", "check ")
                    + " " + tally[0] + " of " + tally[1]));
            sentences.add("Passed: " + String.join(", ", passed));
        }
        mean(rows, "citation_all_f1").ifPresent(m -> sentences.add("Citation F1 (all references) mean " + m));
        mean(rows, "literature_quality").ifPresent(m -> sentences.add("Literature quality mean " + m));
        mean(rows, "final_overall").ifPresent(m -> sentences.add("Final review score mean " + m));
        List<Double> walls = values(rows, "wall_seconds");
        if (!walls.isEmpty()) {
            BenchAggregates.Stats stats = BenchAggregates.Stats.of(walls);
            sentences.add("Wall time per paper: median " + duration(stats.median()) + ", longest "
                    + duration(stats.max()) + ", " + duration(stats.total()) + " in all");
        }
        return String.join(". ", sentences) + ".";
    }

    private static long count(List<ResultRow> rows, String state) {
        return rows.stream().filter(row -> state.equals(row.get("state"))).count();
    }

    private static List<Double> values(List<ResultRow> rows, String column) {
        List<Double> values = new ArrayList<>();
        rows.forEach(row -> {
            if (row.get(column) instanceof Number number) {
                values.add(number.doubleValue());
            }
        });
        return values;
    }

    private static java.util.Optional<String> mean(List<ResultRow> rows, String column) {
        List<Double> values = values(rows, column);
        if (values.isEmpty()) {
            return java.util.Optional.empty();
        }
        return java.util.Optional.of(String.format(Locale.ROOT, "%.3f over %d case%s",
                values.stream().mapToDouble(Double::doubleValue).average().orElse(0), values.size(),
                values.size() == 1 ? "" : "s"));
    }

    static String duration(double seconds) {
        long s = Math.round(seconds);
        return s >= 3600 ? String.format(Locale.ROOT, "%dh%02dm", s / 3600, s % 3600 / 60)
                : s >= 60 ? String.format(Locale.ROOT, "%dm%02ds", s / 60, s % 60) : s + "s";
    }
}
