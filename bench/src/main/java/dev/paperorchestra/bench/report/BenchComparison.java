package dev.paperorchestra.bench.report;

import dev.paperorchestra.base.json.Json;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Two bench runs side by side, from their BENCH_DIRs alone (results.jsonl and summary.json): the state counts
 * and every metric's mean with its delta, and per case what changed from A to B: its materials (digest), its
 * state, each gate and check (fixed or regressed), each autorater and score (better or worse).
 */
public final class BenchComparison {

    /** Columns where more is better, per case: a rise is a win for B. */
    private static final List<String> SCORES = List.of("citation_all_f1", "citation_p0_recall", "citation_p1_recall",
            "literature_quality", "final_overall", "verified_citations");
    /** Columns compared per case without a better direction. */
    private static final List<String> FIGURES = List.of("main_text_pages", "figures", "tables", "wall_seconds", "cost_usd",
            "input_tokens", "cached_input_tokens", "cache_write_input_tokens", "output_tokens");
    /** The cost figures compared run to run: summary.json's {@code cost}, by path. */
    private static final Map<String, List<String>> COST = costPaths();

    private BenchComparison() {
    }

    /** @throws IllegalArgumentException when a directory holds no bench results */
    public static ObjectNode of(Path a, Path b) {
        Map<String, JsonNode> rowsA = rows(a);
        Map<String, JsonNode> rowsB = rows(b);
        JsonNode summaryA = summary(a);
        JsonNode summaryB = summary(b);
        ObjectNode json = Json.mapper().createObjectNode().put("a", a.toString()).put("b", b.toString());
        ObjectNode states = json.putObject("states");
        Set<String> stateNames = new TreeSet<>();
        summaryA.path("states").properties().forEach(e -> stateNames.add(e.getKey()));
        summaryB.path("states").properties().forEach(e -> stateNames.add(e.getKey()));
        stateNames.forEach(state -> delta(states.putObject(state), summaryA.path("states").path(state).asDouble(0),
                summaryB.path("states").path(state).asDouble(0)));
        ObjectNode metrics = json.putObject("metrics");
        Set<String> metricNames = new TreeSet<>();
        summaryA.path("metrics").properties().forEach(e -> metricNames.add(e.getKey()));
        summaryB.path("metrics").properties().forEach(e -> metricNames.add(e.getKey()));
        for (String metric : metricNames) {
            pair(metrics, metric, summaryA.path("metrics").path(metric).path("mean"),
                    summaryB.path("metrics").path(metric).path("mean"));
        }
        ObjectNode winRates = json.putObject("winRates");
        ObjectNode agreements = Json.mapper().createObjectNode();
        for (String scope : List.of("sxs_paper", "sxs_literature")) {
            JsonNode rateA = summaryA.path("sideBySide").path(scope);
            JsonNode rateB = summaryB.path("sideBySide").path(scope);
            if (rateA.has("winRate") || rateB.has("winRate")) {
                ObjectNode node = winRates.putObject(scope);
                node.set("a", rateA.has("winRate") ? rateA.path("winRate") : null);
                node.set("aCi95", rateA.has("winRateCi95") ? rateA.path("winRateCi95") : null);
                node.set("b", rateB.has("winRate") ? rateB.path("winRate") : null);
                node.set("bCi95", rateB.has("winRateCi95") ? rateB.path("winRateCi95") : null);
            }
            // only runs with two or more judge families have an agreement to compare
            JsonNode judgesA = severalJudges(rateA.path("judgeAgreement"));
            JsonNode judgesB = severalJudges(rateB.path("judgeAgreement"));
            if (judgesA != null || judgesB != null) {
                ObjectNode node = agreements.putObject(scope);
                node.set("a", judgesA);
                node.set("b", judgesB);
            }
        }
        if (!agreements.isEmpty()) {
            json.set("judgeAgreement", agreements);
        }
        // dollars and tokens per paper: runs before cost was reported have none, and show "-"
        ObjectNode cost = json.putObject("cost");
        COST.forEach((name, path) -> pair(cost, name, at(summaryA.path("cost"), path),
                at(summaryB.path("cost"), path)));
        ArrayNode changed = json.putArray("changedCases");
        Set<String> names = new LinkedHashSet<>(rowsA.keySet());
        names.addAll(rowsB.keySet());
        List<String> onlyA = new ArrayList<>();
        List<String> onlyB = new ArrayList<>();
        for (String name : names) {
            JsonNode rowA = rowsA.get(name);
            JsonNode rowB = rowsB.get(name);
            if (rowA == null || rowB == null) {
                (rowA == null ? onlyB : onlyA).add(name);
                continue;
            }
            ObjectNode change = caseChange(name, rowA, rowB);
            if (change != null) {
                changed.add(change);
            }
        }
        json.set("onlyInA", Json.mapper().valueToTree(onlyA));
        json.set("onlyInB", Json.mapper().valueToTree(onlyB));
        return json;
    }

    private static ObjectNode caseChange(String name, JsonNode a, JsonNode b) {
        ObjectNode change = Json.mapper().createObjectNode().put("case", name);
        boolean any = false;
        if (a.hasNonNull("digest") && b.hasNonNull("digest") && !a.get("digest").equals(b.get("digest"))) {
            change.put("materialsChanged", true);
            any = true;
        }
        String stateA = a.path("state").asString("");
        String stateB = b.path("state").asString("");
        if (!stateA.equals(stateB)) {
            change.putObject("state").put("a", stateA).put("b", stateB);
            any = true;
        }
        ObjectNode gates = Json.mapper().createObjectNode();
        Set<String> columns = new TreeSet<>();
        a.propertyNames().forEach(columns::add);
        b.propertyNames().forEach(columns::add);
        for (String column : columns) {
            if (column.startsWith("gate_") || column.startsWith("check_")) {
                String before = a.path(column).asString("absent");
                String after = b.path(column).asString("absent");
                if (!before.equals(after)) {
                    gates.put(column, "pass".equals(after) ? "fixed" : "fail".equals(after) ? "regressed"
                            : before + " -> " + after);
                }
            }
        }
        if (!gates.isEmpty()) {
            change.set("gates", gates);
            any = true;
        }
        ObjectNode deltas = Json.mapper().createObjectNode();
        for (String column : SCORES) {
            any |= numeric(deltas, column, a, b, true);
        }
        for (String column : FIGURES) {
            // wall time and cost always move a little: a change in them alone does not make a case "changed"
            boolean moved = numeric(deltas, column, a, b, false);
            any |= moved && !column.equals("wall_seconds") && !column.equals("cost_usd");
        }
        for (String column : List.of("sxs_paper", "sxs_literature")) {
            String before = a.path(column).asString("");
            String after = b.path(column).asString("");
            if (!before.equals(after)) {
                deltas.putObject(column).put("a", before).put("b", after);
                any = true;
            }
        }
        if (!deltas.isEmpty()) {
            change.set("deltas", deltas);
        }
        return any ? change : null;
    }

    private static boolean numeric(ObjectNode deltas, String column, JsonNode a, JsonNode b, boolean score) {
        JsonNode before = a.path(column);
        JsonNode after = b.path(column);
        if (!before.isNumber() && !after.isNumber() || before.isNumber() && after.isNumber()
                && before.asDouble() == after.asDouble()) {
            return false;
        }
        ObjectNode node = deltas.putObject(column);
        node.set("a", before.isNumber() ? before : null);
        node.set("b", after.isNumber() ? after : null);
        if (before.isNumber() && after.isNumber()) {
            double delta = after.asDouble() - before.asDouble();
            node.put("delta", round(delta));
            if (score) {
                node.put("b_is", delta > 0 ? "better" : "worse");
            }
        }
        return true;
    }

    private static @Nullable JsonNode severalJudges(JsonNode agreement) {
        return agreement.path("families").size() > 1 ? agreement : null;
    }

    /** Alpha with its families and cases, or why there is none; "-" for a run with one judge family. */
    private static String agreement(JsonNode judges) {
        if (!judges.isObject()) {
            return "-";
        }
        String alpha = judges.path("alphaNominal").isNumber()
                ? String.format(Locale.ROOT, "alpha %.3f", judges.path("alphaNominal").asDouble()) : "alpha undefined";
        return alpha + " (" + judges.path("families").size() + " families, " + judges.path("cases").asInt()
                + " cases)";
    }

    /** The comparison as console lines. */
    public static List<String> lines(JsonNode comparison) {
        List<String> lines = new ArrayList<>();
        lines.add("po bench compare: A " + comparison.path("a").asString() + "  vs  B " + comparison.path("b").asString());
        comparison.path("states").properties().forEach(e -> lines.add(String.format(Locale.ROOT, "  %-12s %s -> %s (%s)",
                e.getKey(), number(e.getValue().path("a")), number(e.getValue().path("b")), signed(e.getValue().path("delta")))));
        comparison.path("metrics").properties().forEach(e -> lines.add(String.format(Locale.ROOT,
                "  mean %-28s %s -> %s (%s)", e.getKey(), number(e.getValue().path("a")), number(e.getValue().path("b")),
                signed(e.getValue().path("delta")))));
        comparison.path("winRates").properties().forEach(e -> lines.add(String.format(Locale.ROOT,
                "  win rate %-24s %s -> %s", e.getKey(), rate(e.getValue().path("a"), e.getValue().path("aCi95")),
                rate(e.getValue().path("b"), e.getValue().path("bCi95")))));
        comparison.path("judgeAgreement").properties().forEach(e -> lines.add(String.format(Locale.ROOT,
                "  judge agreement %-17s %s -> %s", e.getKey(), agreement(e.getValue().path("a")),
                agreement(e.getValue().path("b")))));
        comparison.path("cost").properties().forEach(e -> lines.add(String.format(Locale.ROOT,
                "  cost %-28s %s -> %s (%s)", e.getKey(), number(e.getValue().path("a")),
                number(e.getValue().path("b")), signed(e.getValue().path("delta")))));
        if (comparison.path("changedCases").isEmpty()) {
            lines.add("  no case changed");
        }
        for (JsonNode change : comparison.path("changedCases")) {
            List<String> parts = new ArrayList<>();
            if (change.path("materialsChanged").asBoolean()) {
                parts.add("materials or options changed");
            }
            if (change.has("state")) {
                parts.add("state " + change.path("state").path("a").asString() + " -> " + change.path("state").path("b").asString());
            }
            change.path("gates").properties().forEach(e -> parts.add(e.getKey() + " " + e.getValue().asString()));
            change.path("deltas").properties().forEach(e -> parts.add(e.getKey() + " " + (e.getValue().has("delta")
                    ? number(e.getValue().path("a")) + " -> " + number(e.getValue().path("b")) + " ("
                    + signed(e.getValue().path("delta")) + ")"
                    : text(e.getValue().path("a")) + " -> " + text(e.getValue().path("b")))));
            lines.add("  changed " + change.path("case").asString() + ": " + String.join("; ", parts));
        }
        if (!comparison.path("onlyInA").isEmpty()) {
            lines.add("  only in A: " + comparison.path("onlyInA"));
        }
        if (!comparison.path("onlyInB").isEmpty()) {
            lines.add("  only in B: " + comparison.path("onlyInB"));
        }
        return lines;
    }

    /** A figure in A and in B, with B's change when both have it; nothing when neither has it. */
    private static void pair(ObjectNode parent, String name, JsonNode a, JsonNode b) {
        if (a.isNumber() || b.isNumber()) {
            ObjectNode node = parent.putObject(name);
            node.set("a", a.isNumber() ? a : null);
            node.set("b", b.isNumber() ? b : null);
            if (a.isNumber() && b.isNumber()) {
                node.put("delta", round(b.asDouble() - a.asDouble()));
            }
        }
    }

    private static Map<String, List<String>> costPaths() {
        Map<String, List<String>> paths = new LinkedHashMap<>();
        for (String quantile : List.of("p50", "p95")) {
            paths.put("dollars per paper " + quantile, List.of("dollarsPerPaper", quantile));
        }
        paths.put("dollars total", List.of("dollarsPerPaper", "total"));
        paths.put("input tokens per paper p50", List.of("tokensPerPaper", "input", "p50"));
        paths.put("cached input tokens per paper p50", List.of("tokensPerPaper", "cachedInput", "p50"));
        paths.put("cache-write input tokens per paper p50", List.of("tokensPerPaper", "cacheWriteInput", "p50"));
        paths.put("output tokens per paper p50", List.of("tokensPerPaper", "output", "p50"));
        paths.put("judging dollars total", List.of("judges", "dollars"));
        return paths;
    }

    private static JsonNode at(JsonNode node, List<String> path) {
        JsonNode at = node;
        for (String name : path) {
            at = at.path(name);
        }
        return at;
    }

    /** A win rate with its interval, when the run's summary has one (older runs have counts only). */
    private static String rate(JsonNode rate, JsonNode ci) {
        if (!rate.isNumber()) {
            return "-";
        }
        return number(rate) + (ci.isArray() ? " [" + number(ci.path(0)) + ", " + number(ci.path(1)) + "]" : "");
    }

    private static String text(JsonNode node) {
        return node.isNull() || node.isMissingNode() ? "-" : node.asString();
    }

    private static String number(JsonNode node) {
        return node.isNumber() ? Svg.number(node.asDouble()) : "-";
    }

    private static String signed(JsonNode node) {
        return node.isNumber() ? (node.asDouble() >= 0 ? "+" : "") + Svg.number(node.asDouble()) : "n/a";
    }

    private static void delta(ObjectNode node, double a, double b) {
        node.put("a", a).put("b", b).put("delta", round(b - a));
    }

    private static double round(double value) {
        return Math.round(value * 10_000) / 10_000.0;
    }

    private static Map<String, JsonNode> rows(Path benchDir) {
        Path file = benchDir.resolve("results.jsonl");
        if (!Files.isRegularFile(file)) {
            throw new IllegalArgumentException(benchDir + " holds no bench results (results.jsonl is missing)");
        }
        Map<String, JsonNode> rows = new LinkedHashMap<>();
        try {
            for (String line : Files.readAllLines(file)) {
                if (!line.isBlank()) {
                    JsonNode row = Json.mapper().readTree(line);
                    rows.put(row.path("case").asString(), row);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file, e);
        }
        return rows;
    }

    private static JsonNode summary(Path benchDir) {
        Path file = benchDir.resolve("summary.json");
        if (!Files.isRegularFile(file)) {
            throw new IllegalArgumentException(benchDir + " holds no bench results (summary.json is missing)");
        }
        try {
            return Json.mapper().readTree(Files.readString(file));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file, e);
        }
    }
}
