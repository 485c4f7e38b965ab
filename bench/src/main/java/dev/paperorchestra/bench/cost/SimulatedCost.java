package dev.paperorchestra.bench.cost;

import dev.paperorchestra.base.json.Json;
import dev.paperorchestra.gateway.usage.PriceTable;
import java.util.List;
import tools.jackson.databind.node.ObjectNode;

/**
 * A simulation's model bill per paper, the same calls priced three ways: every call synchronous and billed at
 * the full input price; synchronous with the prompt-cache reads the stand-in reported ({@link PrefixCache},
 * {@link BreakpointCache}) billed at the cached-input price and its cache writes at the cache-write price (above
 * the input price for Anthropic's models); and the same through a batch API, at the table's batch factor. The calls are
 * priced as {@code pricedAs} (the simulated model has no price of its own). That batch and cache discounts stack
 * is Anthropic's documented rule; elsewhere it is an assumption the docs name.
 *
 * @param papers the papers the calls were made for
 */
public record SimulatedCost(int papers, String pricedAs, String pricesChecked, double batchFactor, Way synchronous,
        Way synchronousCached, Way batchCached) {

    /**
     * One way of paying, per paper.
     *
     * @param inputTokens       input tokens billed, cached ones included
     * @param cachedInputTokens     of them, billed at the cached-input price
     * @param cacheWriteInputTokens of them, billed at the cache-write price
     */
    public record Way(double inputTokens, double cachedInputTokens, double cacheWriteInputTokens,
            double outputTokens, double dollars) {

        ObjectNode toJson() {
            return Json.mapper().createObjectNode().put("inputTokensPerPaper", Math.round(inputTokens))
                    .put("cachedInputTokensPerPaper", Math.round(cachedInputTokens))
                    .put("cacheWriteInputTokensPerPaper", Math.round(cacheWriteInputTokens))
                    .put("outputTokensPerPaper", Math.round(outputTokens))
                    .put("dollarsPerPaper", Math.round(dollars * 10_000) / 10_000.0);
        }
    }

    public static SimulatedCost of(List<BilledCall> calls, int papers, PriceTable prices, String pricedAs) {
        if (papers < 1) {
            throw new IllegalArgumentException("papers: " + papers + " is not at least 1");
        }
        long input = 0;
        long cached = 0;
        long written = 0;
        long output = 0;
        double sync = 0;
        double syncCached = 0;
        double batchCached = 0;
        for (BilledCall call : calls) {
            input += call.inputTokens();
            cached += call.cachedInputTokens();
            written += call.cacheWriteInputTokens();
            output += call.outputTokens();
            sync += prices.cost(pricedAs, call.inputTokens(), 0, 0, call.outputTokens(), false);
            syncCached += prices.cost(pricedAs, call.inputTokens(), call.cachedInputTokens(),
                    call.cacheWriteInputTokens(), call.outputTokens(), false);
            batchCached += prices.cost(pricedAs, call.inputTokens(), call.cachedInputTokens(),
                    call.cacheWriteInputTokens(), call.outputTokens(), true);
        }
        double n = papers;
        return new SimulatedCost(papers, pricedAs, prices.checked(), prices.batchFactor(),
                new Way(input / n, 0, 0, output / n, sync / n),
                new Way(input / n, cached / n, written / n, output / n, syncCached / n),
                new Way(input / n, cached / n, written / n, output / n, batchCached / n));
    }

    /** Batch with caching against synchronous without, per paper (the goal: at most 0.35). */
    public double batchCachedShare() {
        return synchronous.dollars() == 0 ? 0 : batchCached.dollars() / synchronous.dollars();
    }

    public double synchronousCachedShare() {
        return synchronous.dollars() == 0 ? 0 : synchronousCached.dollars() / synchronous.dollars();
    }

    public ObjectNode toJson() {
        ObjectNode json = Json.mapper().createObjectNode().put("pricedAs", pricedAs)
                .put("pricesChecked", pricesChecked).put("batchFactor", batchFactor)
                .put("note", "an estimate: the simulated calls' tokens (four characters each), the stand-in's "
                        + "prefix-cache model and list prices");
        json.set("synchronous", synchronous.toJson());
        json.set("synchronousCached", synchronousCached.toJson());
        json.set("batchCached", batchCached.toJson());
        json.put("synchronousCachedShare", Math.round(synchronousCachedShare() * 1000) / 1000.0);
        json.put("batchCachedShare", Math.round(batchCachedShare() * 1000) / 1000.0);
        return json;
    }
}
