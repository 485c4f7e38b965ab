package dev.paperorchestra.bench.report;

import dev.paperorchestra.model.stats.KrippendorffAlpha;
import dev.paperorchestra.base.json.Json;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeMap;
import org.jspecify.annotations.Nullable;
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

    /** summary.json's figures for one side-by-side column ({@code sxs_paper} or {@code sxs_literature}). */
    static ObjectNode of(List<ResultRow> rows, String column) {
        Map<String, Integer> counts = new TreeMap<>(Map.of("win", 0, "tie", 0, "loss", 0));
        List<Boolean> wins = new ArrayList<>();
        List<String[]> orders = new ArrayList<>();
        for (ResultRow row : rows) {
            if (row.get(column) instanceof String verdict && counts.containsKey(verdict)) {
                counts.merge(verdict, 1, Integer::sum);
                wins.add(verdict.equals("win"));
            }
            if (row.get(column + "_generated_first") instanceof String first && VERDICTS.contains(first)
                    && row.get(column + "_generated_second") instanceof String second && VERDICTS.contains(second)) {
                orders.add(new String[] {first, second});
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
        ObjectNode bias = positionBias(orders);
        if (bias != null) {
            node.set("positionBias", bias);
        }
        return node;
    }

    private static double round(double value) {
        return Math.round(value * 1000) / 1000.0;
    }
}
