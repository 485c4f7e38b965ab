package dev.paperorchestra.model.stats;

import java.util.ArrayList;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * Krippendorff's alpha, the one implementation the reviewer panel (agreement of its members' rubric scores) and
 * the bench (agreement of judge verdicts) share. It lives here, at the bottom of the module graph, because both
 * read it and neither may depend on the other.
 *
 * <p>Alpha is 1 - D_o / D_e: D_o the mean difference between values coded for the same unit (each unit's ordered
 * pairs weighted by 1 / (m_u - 1), m_u its number of values), D_e the mean difference between any two pairable
 * values whatever their unit. A unit with fewer than two values is not pairable and is left out; a coder's
 * missing value is simply absent from its unit.
 */
public final class KrippendorffAlpha {

    /** How far apart two values are. */
    public enum Metric {
        /** Categories: equal or not (difference 0 or 1). */
        NOMINAL,
        /** Numbers on an interval scale: squared difference. */
        INTERVAL;

        double difference(double a, double b) {
            return this == NOMINAL ? (a == b ? 0 : 1) : (a - b) * (a - b);
        }
    }

    private KrippendorffAlpha() {
    }

    /**
     * @param units each unit's values, one per coder that coded it (nominal categories as distinct numbers)
     * @return alpha, or null when it is undefined: fewer than two pairable values, or no variation at all
     */
    public static @Nullable Double of(List<double[]> units, Metric metric) {
        List<Double> pooled = new ArrayList<>();
        double observed = 0;
        for (double[] values : units) {
            if (values.length < 2) {
                continue;
            }
            double sum = 0;
            for (int i = 0; i < values.length; i++) {
                for (int j = 0; j < values.length; j++) {
                    if (i != j) {
                        sum += metric.difference(values[i], values[j]);
                    }
                }
                pooled.add(values[i]);
            }
            observed += sum / (values.length - 1);
        }
        int n = pooled.size();
        if (n < 2) {
            return null;
        }
        observed /= n;
        double expected = 0;
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                if (i != j) {
                    expected += metric.difference(pooled.get(i), pooled.get(j));
                }
            }
        }
        expected /= (double) n * (n - 1);
        return expected == 0 ? null : 1 - observed / expected;
    }
}
