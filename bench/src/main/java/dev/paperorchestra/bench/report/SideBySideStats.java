package dev.paperorchestra.bench.report;

import dev.paperorchestra.model.stats.KrippendorffAlpha;
import dev.paperorchestra.base.json.Json;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.TreeMap;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The side-by-side figures of one scope (whole paper or literature review) over a run's cases: win/tie/loss
 * counts, the win rate (wins over judged cases; a tie is not a win, as the combined verdict already counts it)
 * with a percentile-bootstrap 95% interval over cases, and the judge's position bias read from the two orders
 * every case is asked in.
 */
public final class SideBySideStats {

    /** Resamples of the bootstrap; 2,000 puts the 2.5% and 97.5% points on well-populated ranks. */
    static final int RESAMPLES = 2_000;

    /** Fixed so that the same results give the same interval, run after run. */
    static final long SEED = 42L;

    private static final List<String> VERDICTS = List.of("win", "tie", "loss");

    private SideBySideStats() {
    }

    /** A point estimate and its interval. */
    public record Interval(double estimate, double low, double high) {
    }

    /**
     * The percentile-bootstrap interval of the share of true values: the cases are resampled with replacement
     * {@code resamples} times from {@code seed}, and the interval is the 2.5th and 97.5th percentile of the shares.
     */
    public static Interval winRate(List<Boolean> wins, int resamples, long seed) {
        int n = wins.size();
        if (n == 0) {
            throw new IllegalArgumentException("a win rate needs at least one judged case");
        }
        boolean[] won = new boolean[n];
        int total = 0;
        for (int i = 0; i < n; i++) {
            won[i] = wins.get(i);
            total += won[i] ? 1 : 0;
        }
        SplittableRandom random = new SplittableRandom(seed);
        double[] shares = new double[resamples];
        for (int r = 0; r < resamples; r++) {
            int count = 0;
            for (int i = 0; i < n; i++) {
                count += won[random.nextInt(n)] ? 1 : 0;
            }
            shares[r] = (double) count / n;
        }
        Arrays.sort(shares);
        int low = (int) Math.floor(0.025 * resamples);
        int high = Math.max(low, (int) Math.ceil(0.975 * resamples) - 1);
        return new Interval((double) total / n, shares[low], shares[high]);
    }

    /**
     * Position bias from the verdicts of the two orders, each from the generated paper's side: a case flips when
     * they differ. A win in one order and a loss in the other means the judge picked the same slot both times,
     * counted by slot. Null when no case has both orders.
     *
     * @param orders per case, the verdict with the generated paper first and with it second
     */
    static @Nullable ObjectNode positionBias(List<String[]> orders) {
        if (orders.isEmpty()) {
            return null;
        }
        int flips = 0;
        int firstSlot = 0;
        int secondSlot = 0;
        List<double[]> units = new ArrayList<>();
        for (String[] pair : orders) {
            flips += pair[0].equals(pair[1]) ? 0 : 1;
            firstSlot += pair[0].equals("win") && pair[1].equals("loss") ? 1 : 0;
            secondSlot += pair[0].equals("loss") && pair[1].equals("win") ? 1 : 0;
            units.add(new double[] {VERDICTS.indexOf(pair[0]), VERDICTS.indexOf(pair[1])});
        }
        ObjectNode json = Json.mapper().createObjectNode().put("pairs", orders.size()).put("flips", flips)
                .put("flipRate", round((double) flips / orders.size()))
                .put("sameSlotFirst", firstSlot).put("sameSlotSecond", secondSlot);
        Double alpha = KrippendorffAlpha.of(units, KrippendorffAlpha.Metric.NOMINAL);
        if (alpha == null) {
            json.putNull("orderAlphaNominal");
        } else {
            json.put("orderAlphaNominal", round(alpha));
        }
        return json;
    }

    /**
     * summary.json's figures for one side-by-side column ({@code sxs_paper} or {@code sxs_literature}): those of
     * the first judge family; with two or more families in the rows' {@code <column>_by}, each family's own under
     * {@code byJudge}; and whenever a case was judged, {@code judgeAgreement} between the families.
     */
    static ObjectNode of(List<ResultRow> rows, String column) {
        List<String> verdicts = new ArrayList<>();
        List<String[]> orders = new ArrayList<>();
        Set<String> families = new LinkedHashSet<>();
        List<Map<String, Map<?, ?>>> byCase = new ArrayList<>();
        for (ResultRow row : rows) {
            if (row.get(column) instanceof String verdict) {
                verdicts.add(verdict);
            }
            if (row.get(column + "_generated_first") instanceof String first
                    && row.get(column + "_generated_second") instanceof String second) {
                orders.add(new String[] {first, second});
            }
            if (row.get(column + "_by") instanceof Map<?, ?> by) {
                Map<String, Map<?, ?>> judged = new LinkedHashMap<>();
                by.forEach((family, figures) -> {
                    if (figures instanceof Map<?, ?> map) {
                        judged.put(String.valueOf(family), map);
                        families.add(String.valueOf(family));
                    }
                });
                byCase.add(judged);
            }
        }
        ObjectNode node = figures(verdicts, orders);
        if (families.size() > 1) {
            ObjectNode byJudge = node.putObject("byJudge");
            for (String family : families) {
                List<String> own = new ArrayList<>();
                List<String[]> ownOrders = new ArrayList<>();
                for (Map<String, Map<?, ?>> judged : byCase) {
                    Map<?, ?> figures = judged.get(family);
                    if (figures == null) {
                        continue;
                    }
                    if (figures.get("verdict") instanceof String verdict) {
                        own.add(verdict);
                    }
                    if (figures.get("generated_first") instanceof String first
                            && figures.get("generated_second") instanceof String second) {
                        ownOrders.add(new String[] {first, second});
                    }
                }
                byJudge.set(family, figures(own, ownOrders));
            }
        }
        if (node.has("winRate")) {
            List<Map<String, String>> combined = new ArrayList<>();
            for (Map<String, Map<?, ?>> judged : byCase) {
                Map<String, String> verdictOf = new LinkedHashMap<>();
                judged.forEach((family, figures) -> {
                    if (figures.get("verdict") instanceof String verdict && VERDICTS.contains(verdict)) {
                        verdictOf.put(family, verdict);
                    }
                });
                combined.add(verdictOf);
            }
            node.set("judgeAgreement", judgeAgreement(List.copyOf(families), combined));
        }
        return node;
    }

    /** Counts, win rate with its interval and position bias of one family's verdicts. */
    private static ObjectNode figures(List<String> verdicts, List<String[]> orders) {
        Map<String, Integer> counts = new TreeMap<>(Map.of("win", 0, "tie", 0, "loss", 0));
        List<Boolean> wins = new ArrayList<>();
        for (String verdict : verdicts) {
            if (counts.containsKey(verdict)) {
                counts.merge(verdict, 1, Integer::sum);
                wins.add(verdict.equals("win"));
            }
        }
        ObjectNode node = Json.mapper().createObjectNode();
        counts.forEach(node::put);
        if (!wins.isEmpty()) {
            Interval rate = winRate(wins, RESAMPLES, SEED);
            node.put("judged", wins.size()).put("winRate", round(rate.estimate()));
            node.putArray("winRateCi95").add(round(rate.low())).add(round(rate.high()));
            node.put("bootstrap", "percentile, " + RESAMPLES + " resamples of the cases, seed " + SEED);
        }
        ObjectNode bias = positionBias(orders.stream()
                .filter(pair -> VERDICTS.contains(pair[0]) && VERDICTS.contains(pair[1])).toList());
        if (bias != null) {
            node.set("positionBias", bias);
        }
        return node;
    }

    /**
     * How far the judge families agree on the combined verdict: Krippendorff's alpha (nominal; each case a unit,
     * each family a coder, a family that did not judge a case simply absent from it) and, for every two families,
     * the share of the cases both judged on which they gave the same verdict. Alpha is null with the reason when
     * there is one family, no case two families judged, or no variation at all.
     *
     * @param families the families in order, the first the reviewer role's model
     * @param cases    per case, each family's combined verdict by family name
     */
    static ObjectNode judgeAgreement(List<String> families, List<Map<String, String>> cases) {
        ObjectNode json = Json.mapper().createObjectNode();
        families.forEach(json.putArray("families")::add);
        if (families.size() < 2) {
            json.putNull("alphaNominal");
            json.put("reason", "one judge family" + (families.isEmpty() ? "" : " (" + families.getFirst() + ")")
                    + ": there is no agreement between judges to report; add one with --judge PROVIDER:MODEL");
            return json;
        }
        List<double[]> units = new ArrayList<>();
        int paired = 0;
        for (Map<String, String> verdicts : cases) {
            double[] values = families.stream().filter(verdicts::containsKey)
                    .mapToDouble(family -> VERDICTS.indexOf(verdicts.get(family))).toArray();
            paired += values.length > 1 ? 1 : 0;
            units.add(values);
        }
        json.put("cases", paired);
        Double alpha = KrippendorffAlpha.of(units, KrippendorffAlpha.Metric.NOMINAL);
        if (alpha == null) {
            json.putNull("alphaNominal");
            json.put("reason", paired == 0 ? "no case was judged by two families"
                    : "no variation: every family gave every case the same verdict, so alpha is undefined");
        } else {
            json.put("alphaNominal", round(alpha));
        }
        ArrayNode pairwise = json.putArray("pairwise");
        for (int i = 0; i < families.size(); i++) {
            for (int j = i + 1; j < families.size(); j++) {
                String a = families.get(i);
                String b = families.get(j);
                int both = 0;
                int agree = 0;
                for (Map<String, String> verdicts : cases) {
                    if (verdicts.containsKey(a) && verdicts.containsKey(b)) {
                        both++;
                        agree += verdicts.get(a).equals(verdicts.get(b)) ? 1 : 0;
                    }
                }
                ObjectNode pair = pairwise.addObject().put("a", a).put("b", b).put("cases", both).put("agree", agree);
                if (both == 0) {
                    pair.putNull("rate");
                } else {
                    pair.put("rate", round((double) agree / both));
                }
            }
        }
        return json;
    }

    private static double round(double value) {
        return Math.round(value * 1000) / 1000.0;
    }
}
