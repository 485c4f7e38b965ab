package dev.paperorchestra.bench.autorate;

import dev.paperorchestra.base.json.Json;
import dev.paperorchestra.gateway.usage.LlmUsage;
import dev.paperorchestra.gateway.usage.PaperUsage;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * What the judge families' calls on one case cost, per family: the first family's (every model rater's calls:
 * citation F1's priority labels, literature quality, side-by-side) and each {@code --judge} family's. Saved as
 * {@link #FILE} with the case's autorater outputs and read back into its result row as {@link #COLUMN}. Judging
 * is the benchmark's cost, not the paper's, so it never enters the paper's {@code cost_usd}.
 */
public final class JudgeUsage {

    static final String FILE = "judge_usage.json";
    /** The result column: family name to its calls, tokens and dollars on the case. */
    public static final String COLUMN = "judges_usage";
    /** A family's dollars on the case, among its figures. */
    public static final String COST = "costUsd";
    /**
     * How long a case's rating waits for a deployment's ledger to have read the calls other processes recorded
     * before it (see {@link #mark}).
     */
    private static final Duration CATCH_UP = Duration.ofSeconds(10);

    private JudgeUsage() {
    }

    /** How many calls a family's ledger held under the case's autorater paper id before its rating. */
    record Mark(JudgeFamily family, int recorded) {
    }

    /**
     * Each family's calls so far under {@code paperId}, so that {@link #since} counts this rating's calls only.
     * The first family's ledger in an embedded run is the deployment's {@code KafkaUsageLedger}, which also reads
     * back what earlier processes recorded under the id (a resumed run rating a case again): it is let catch up
     * first, so that history lands before the mark and not among this rating's calls.
     */
    static List<Mark> mark(List<JudgeFamily> families, String paperId) {
        List<Mark> marks = new ArrayList<>();
        for (JudgeFamily family : families) {
            family.ledger().awaitCaughtUp(CATCH_UP);
            marks.add(new Mark(family, family.ledger().usage(paperId).calls().size()));
        }
        return marks;
    }

    /**
     * Each family's usage under the case's autorater paper id since its mark, from its own ledger. The ledger is
     * read right after the calls without waiting: every gateway records a call in its ledger before the call
     * returns (a batch answer is filed, with its usage, before the waiting call is woken), and the Kafka ledger
     * records locally before it writes the topic, so what this process paid is all there: no bounded wait, and
     * no counting wrapper around the gateway (it would see neither the cached input tokens nor the prices). Only
     * this process bills the autorater paper id, so the calls after the mark are this rating's.
     */
    static ObjectNode since(List<Mark> marks, String paperId) {
        ObjectNode json = Json.mapper().createObjectNode();
        for (Mark mark : marks) {
            List<LlmUsage> calls = mark.family().ledger().usage(paperId).calls();
            PaperUsage.Totals totals = new PaperUsage(paperId, calls.subList(Math.min(mark.recorded(), calls.size()),
                    calls.size())).totals();
            json.putObject(mark.family().label()).put("calls", totals.calls()).put("cacheHits", totals.cacheHits())
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
