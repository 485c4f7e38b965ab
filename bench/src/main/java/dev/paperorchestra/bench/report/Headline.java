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

    /**
     * @param run the report's "run" (BenchCommand): its {@code durationSeconds}, {@code startingSeconds} and
     *            {@code papersSeconds} give the wall time from the command's start
     */
    static String of(List<ResultRow> rows, tools.jackson.databind.JsonNode run) {
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
        Map<String, String> labels = new TreeMap<>();
        rows.forEach(row -> row.columns().forEach((column, value) -> {
            if (column.startsWith("gate_") || column.startsWith("check_")) {
                int[] tally = gates.computeIfAbsent(column, k -> new int[2]);
                tally[0] += "pass".equals(value) ? 1 : 0;
                tally[1]++;
                labels.putIfAbsent(column, row.label(column));
            }
        }));
        if (!gates.isEmpty()) {
            List<String> passed = new ArrayList<>();
            gates.forEach((column, tally) -> passed.add(labels.get(column) + " " + tally[0] + " of " + tally[1]));
            sentences.add("Passed: " + String.join(", ", passed));
        }
        mean(rows, "citation_all_f1").ifPresent(m -> sentences.add("Citation F1 (all references) mean " + m));
        mean(rows, "literature_quality").ifPresent(m -> sentences.add("Literature quality mean " + m));
        mean(rows, "final_overall").ifPresent(m -> sentences.add("Final review score mean " + m));
        // the command's own clock: papers run side by side, and starting the deployment takes minutes of its own
        if (run.path("durationSeconds").isNumber()) {
            String wall = "Wall time " + duration(run.path("durationSeconds").asDouble()) + " from the command's start";
            if (run.path("papersSeconds").isNumber()) {
                wall += ": " + duration(run.path("startingSeconds").asDouble()) + " starting, "
                        + duration(run.path("papersSeconds").asDouble()) + " running the papers";
            } else {
                wall += " (no paper ran in this invocation; the report was rebuilt from earlier results)";
            }
            sentences.add(wall);
        }
        List<Double> walls = values(rows, "wall_seconds");
        if (!walls.isEmpty()) {
            BenchAggregates.Stats stats = BenchAggregates.Stats.of(walls);
            sentences.add("Per paper: median " + duration(stats.median()) + ", longest " + duration(stats.max()));
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
