package dev.paperorchestra.bench.autorate;

import dev.paperorchestra.base.json.Json;
import dev.paperorchestra.gateway.usage.PaperUsage;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * What the {@code --judge} families' calls on one case cost, per family: saved as {@link #FILE} with the case's
 * side-by-side judgements and read back into its result row as {@link #COLUMN}. Judging is the benchmark's cost,
 * not the paper's, so it never enters the paper's {@code cost_usd}.
 */
public final class JudgeUsage {

    static final String FILE = "judge_usage.json";
    /** The result column: family name to its calls, tokens and dollars on the case. */
    public static final String COLUMN = "judges_usage";
    /** A family's dollars on the case, among its figures. */
    public static final String COST = "costUsd";

    private JudgeUsage() {
    }

    /** Each family's usage under the case's autorater paper id, from its own ledger. */
    static ObjectNode of(List<JudgeFamily> families, String paperId) {
        ObjectNode json = Json.mapper().createObjectNode();
        for (JudgeFamily family : families) {
            PaperUsage.Totals totals = family.ledger().usage(paperId).totals();
            json.putObject(family.label()).put("calls", totals.calls()).put("cacheHits", totals.cacheHits())
                    .put("inputTokens", totals.inputTokens()).put("cachedInputTokens", totals.cachedInputTokens())
                    .put("cacheWriteInputTokens", totals.cacheWriteInputTokens())
                    .put("outputTokens", totals.outputTokens()).put(COST, totals.roundedCostUsd());
        }
        return json;
    }

    /** The row's {@link #COLUMN}: family name to its figures, as saved. */
    static Map<String, Map<String, Number>> column(JsonNode saved) {
        Map<String, Map<String, Number>> byFamily = new LinkedHashMap<>();
        saved.properties().forEach(family -> {
            Map<String, Number> figures = new LinkedHashMap<>();
            // dollars are fractions; every other figure counts calls or tokens
            family.getValue().properties().forEach(figure -> figures.put(figure.getKey(), figure.getKey().equals(COST)
                    ? (Number) figure.getValue().asDouble() : (Number) figure.getValue().asLong()));
            byFamily.put(family.getKey(), figures);
        });
        return byFamily;
    }
}
