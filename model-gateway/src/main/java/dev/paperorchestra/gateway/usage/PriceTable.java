package dev.paperorchestra.gateway.usage;

import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * US-dollar prices per million tokens, by model name: input, input read from the provider's prompt cache, input
 * written to it, and output; a batch call costs {@link #batchFactor()} of the synchronous price, cache reads and
 * writes included (Anthropic applies its batch discount on top of its cache prices). The built-in entries are list
 * prices of the default models as published on {@link #BUILT_IN_CHECKED}; they age, so configure
 * {@code po.llm.prices} (and {@code po.llm.prices-checked}) with the prices you pay. A model without a price costs
 * 0 in the estimate, and the summary says the cost is an estimate.
 */
public final class PriceTable {

    /** When the built-in list prices were read from the providers' pricing pages. */
    public static final String BUILT_IN_CHECKED = "2025-08-15";

    /**
     * When the Anthropic entries' cache prices were read from Anthropic's pricing page: a write to the five-minute
     * cache costs 1.25 times the input price, a read 0.1 times.
     */
    public static final String ANTHROPIC_CACHE_CHECKED = "2026-11-29";

    /**
     * Built-in list prices, USD per million tokens: {@code model:input/cachedInput:output}, and
     * {@code model:input/cachedInput/cacheWrite:output} where a cache write costs more than input (Anthropic's
     * five-minute cache; OpenAI and Gemini's implicit caches charge writes as input).
     */
    static final List<String> BUILT_IN = List.of(
            "gpt-4.1:2.00/0.50:8.00", "gpt-4.1-mini:0.40/0.10:1.60", "gpt-4o:2.50/1.25:10.00",
            "gemini-2.5-pro:1.25/0.31:10.00", "gemini-2.5-flash:0.30/0.075:2.50",
            "claude-sonnet-4-5:3.00/0.30/3.75:15.00", "claude-opus-4-1:15.00/1.50/18.75:75.00");

    /** What OpenAI, Anthropic and Gemini each charge for a batch call, against the synchronous price. */
    public static final double DEFAULT_BATCH_FACTOR = 0.5;

    private record Price(double inputPerMillion, double cachedInputPerMillion, double cacheWritePerMillion,
            double outputPerMillion) {
    }

    private final Map<String, Price> prices;
    private final String checked;
    private final double batchFactor;

    private PriceTable(Map<String, Price> prices, String checked, double batchFactor) {
        this.prices = Map.copyOf(prices);
        this.checked = checked;
        this.batchFactor = batchFactor;
    }

    /** The built-in list prices, then {@code entries} on top, checked on the built-in table's date. */
    public static PriceTable of(List<String> entries) {
        return of(entries, "", DEFAULT_BATCH_FACTOR);
    }

    /**
     * @param entries     {@code model:inputUsdPerMillion:outputUsdPerMillion}, or with the cached-input price after
     *                    a slash ({@code model:input/cachedInput:output}) and the cache-write price after a second
     *                    ({@code model:input/cachedInput/cacheWrite:output}); without them cached input and cache
     *                    writes cost as much as input
     * @param checked     when the configured entries were checked (free text, an ISO date by convention)
     * @param batchFactor what a batch call costs against a synchronous one (0.5: half)
     */
    public static PriceTable of(List<String> entries, String checked, double batchFactor) {
        if (!(batchFactor > 0 && batchFactor <= 1)) {
            throw new IllegalArgumentException("po.llm.batch-price-factor: " + batchFactor + " is not in (0, 1]");
        }
        Map<String, Price> prices = new HashMap<>();
        for (String entry : BUILT_IN) {
            put(prices, entry, "built-in price");
        }
        for (String entry : entries) {
            put(prices, entry, "po.llm.prices");
        }
        String when = !checked.isBlank() ? checked
                : entries.isEmpty() ? BUILT_IN_CHECKED + " (built-in list prices; Anthropic cache prices "
                        + ANTHROPIC_CACHE_CHECKED + ")"
                : "not given (set po.llm.prices-checked)";
        return new PriceTable(prices, when, batchFactor);
    }

    private static void put(Map<String, Price> prices, String entry, String source) {
        int last = entry.lastIndexOf(':');
        int middle = last < 0 ? -1 : entry.lastIndexOf(':', last - 1);
        if (middle <= 0) {
            throw new IllegalArgumentException(source + ": '" + entry + "' is not model:inputUsdPerMillion:"
                    + "outputUsdPerMillion (or model:input/cachedInput:output, model:input/cachedInput/cacheWrite:output)");
        }
        String[] inputFields = entry.substring(middle + 1, last).split("/", -1);
        if (inputFields.length > 3) {
            throw new IllegalArgumentException(source + ": '" + entry + "' has more than input/cachedInput/cacheWrite "
                    + "before the output price");
        }
        try {
            double input = Double.parseDouble(inputFields[0]);
            double cachedInput = inputFields.length > 1 ? Double.parseDouble(inputFields[1]) : input;
            double cacheWrite = inputFields.length > 2 ? Double.parseDouble(inputFields[2]) : input;
            double output = Double.parseDouble(entry.substring(last + 1));
            if (input < 0 || cachedInput < 0 || cacheWrite < 0 || output < 0) {
                throw new IllegalArgumentException(source + ": negative price in '" + entry + "'");
            }
            prices.put(entry.substring(0, middle).strip().toLowerCase(Locale.ROOT),
                    new Price(input, cachedInput, cacheWrite, output));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(source + ": '" + entry + "' has a price that is not a number", e);
        }
    }

    public boolean knows(String model) {
        return prices.containsKey(model.toLowerCase(Locale.ROOT));
    }

    /** When the prices in force were checked: the configured date, or the built-in table's. */
    public String checked() {
        return checked;
    }

    public double batchFactor() {
        return batchFactor;
    }

    /** A synchronous call with no prompt-cache reads. */
    public double cost(String model, long inputTokens, long outputTokens) {
        return cost(model, inputTokens, 0, outputTokens, false);
    }

    /** A call with no prompt-cache writes. */
    public double cost(String model, long inputTokens, long cachedInputTokens, long outputTokens, boolean batch) {
        return cost(model, inputTokens, cachedInputTokens, 0, outputTokens, batch);
    }

    /**
     * @param inputTokens           every input token billed, the cached ones and the cache writes included
     * @param cachedInputTokens     the part of {@code inputTokens} read from the provider's prompt cache
     * @param cacheWriteInputTokens the part of {@code inputTokens} written to the provider's prompt cache
     */
    public double cost(String model, long inputTokens, long cachedInputTokens, long cacheWriteInputTokens,
            long outputTokens, boolean batch) {
        Price price = prices.get(model.toLowerCase(Locale.ROOT));
        if (price == null) {
            return 0;
        }
        double usd = ((inputTokens - cachedInputTokens - cacheWriteInputTokens) * price.inputPerMillion()
                + cachedInputTokens * price.cachedInputPerMillion()
                + cacheWriteInputTokens * price.cacheWritePerMillion()
                + outputTokens * price.outputPerMillion()) / 1_000_000.0;
        return batch ? usd * batchFactor : usd;
    }

    /** What {@code usage} costs at these prices. */
    public double cost(LlmUsage usage) {
        return usage.cached() ? 0 : cost(usage.model(), usage.inputTokens(), usage.cachedInputTokens(),
                usage.cacheWriteInputTokens(), usage.outputTokens(), usage.batch());
    }
}
