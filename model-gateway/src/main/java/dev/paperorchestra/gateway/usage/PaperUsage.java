package dev.paperorchestra.gateway.usage;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;

/** Every call recorded for one paper, with the sums summary.json (its {@code llm} block) and budgets need. */
public record PaperUsage(String paperId, List<LlmUsage> calls) {

    public PaperUsage {
        calls = List.copyOf(calls);
    }

    public static PaperUsage none(String paperId) {
        return new PaperUsage(paperId, List.of());
    }

    public Totals totals() {
        return Totals.of(calls);
    }

    public Map<String, Totals> byAgent() {
        return groupBy(LlmUsage::agent);
    }

    public Map<String, Totals> byRole() {
        return groupBy(LlmUsage::role);
    }

    private Map<String, Totals> groupBy(Function<LlmUsage, String> key) {
        Map<String, List<LlmUsage>> groups = new TreeMap<>();
        calls.forEach(call -> groups.computeIfAbsent(key.apply(call), k -> new java.util.ArrayList<>()).add(call));
        Map<String, Totals> totals = new TreeMap<>();
        groups.forEach((name, group) -> totals.put(name, Totals.of(group)));
        return totals;
    }

    /**
     * @param calls       paid calls
     * @param cacheHits   calls answered from the response cache
     * @param batchCalls  paid calls that went through a provider's batch API
     * @param cachedInputTokens the part of {@code inputTokens} read from a provider's prompt cache
     * @param cacheWriteInputTokens the part of {@code inputTokens} written to a provider's prompt cache
     */
    public record Totals(long calls, long cacheHits, long batchCalls, long inputTokens, long cachedInputTokens,
            long cacheWriteInputTokens, long outputTokens, double costUsd) {

        static Totals of(List<LlmUsage> usages) {
            long paid = 0;
            long hits = 0;
            long batch = 0;
            long input = 0;
            long cachedInput = 0;
            long cacheWrite = 0;
            long output = 0;
            double cost = 0;
            for (LlmUsage usage : usages) {
                if (usage.cached()) {
                    hits++;
                } else {
                    paid++;
                    if (usage.batch()) {
                        batch++;
                    }
                }
                input += usage.inputTokens();
                cachedInput += usage.cachedInputTokens();
                cacheWrite += usage.cacheWriteInputTokens();
                output += usage.outputTokens();
                cost += usage.costUsd();
            }
            return new Totals(paid, hits, batch, input, cachedInput, cacheWrite, output, cost);
        }

        public long tokens() {
            return inputTokens + outputTokens;
        }

        /** The cost as summary.json reports it: rounded to a millionth of a dollar. */
        public double roundedCostUsd() {
            return Math.round(costUsd * 1_000_000) / 1_000_000.0;
        }
    }
}
