package dev.paperorchestra.runtime.llm.usage;

import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * US-dollar prices per million input and output tokens, by model name. The built-in entries are list-price
 * estimates for the default models and will age: configure {@code po.llm.prices} with the prices you pay. A
 * model without a price costs 0 in the estimate (and the summary says the cost is an estimate).
 */
public final class PriceTable {

    /** Built-in estimates, USD per million tokens (input, output). */
    static final List<String> BUILT_IN = List.of(
            "gpt-4.1:2.00:8.00", "gpt-4.1-mini:0.40:1.60", "gpt-4o:2.50:10.00",
            "gemini-2.5-pro:1.25:10.00", "gemini-2.5-flash:0.30:2.50",
            "claude-sonnet-4-5:3.00:15.00", "claude-opus-4-1:15.00:75.00");

    private record Price(double inputPerMillion, double outputPerMillion) {
    }

    private final Map<String, Price> prices;

    private PriceTable(Map<String, Price> prices) {
        this.prices = Map.copyOf(prices);
    }

    /** The built-in estimates, then {@code entries} ({@code model:input:output}) on top. */
    public static PriceTable of(List<String> entries) {
        Map<String, Price> prices = new HashMap<>();
        for (String entry : BUILT_IN) {
            put(prices, entry, "built-in price");
        }
        for (String entry : entries) {
            put(prices, entry, "po.llm.prices");
        }
        return new PriceTable(prices);
    }

    private static void put(Map<String, Price> prices, String entry, String source) {
        int last = entry.lastIndexOf(':');
        int middle = last < 0 ? -1 : entry.lastIndexOf(':', last - 1);
        if (middle <= 0) {
            throw new IllegalArgumentException(source + ": '" + entry
                    + "' is not model:inputUsdPerMillion:outputUsdPerMillion");
        }
        try {
            double input = Double.parseDouble(entry.substring(middle + 1, last));
            double output = Double.parseDouble(entry.substring(last + 1));
            if (input < 0 || output < 0) {
                throw new IllegalArgumentException(source + ": negative price in '" + entry + "'");
            }
            prices.put(entry.substring(0, middle).strip().toLowerCase(Locale.ROOT), new Price(input, output));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(source + ": '" + entry + "' has a price that is not a number", e);
        }
    }

    public boolean knows(String model) {
        return prices.containsKey(model.toLowerCase(Locale.ROOT));
    }

    public double cost(String model, long inputTokens, long outputTokens) {
        Price price = prices.get(model.toLowerCase(Locale.ROOT));
        if (price == null) {
            return 0;
        }
        return (inputTokens * price.inputPerMillion() + outputTokens * price.outputPerMillion()) / 1_000_000.0;
    }
}
