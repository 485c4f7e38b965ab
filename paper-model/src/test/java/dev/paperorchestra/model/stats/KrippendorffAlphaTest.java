package dev.paperorchestra.model.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.paperorchestra.model.stats.KrippendorffAlpha.Metric;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class KrippendorffAlphaTest {

    /**
     * The worked example with missing data in Krippendorff, "Computing Krippendorff's Alpha-Reliability" (2011),
     * section C: four observers, twelve units, values 1-5; blank cells are values not coded. Unit 12 has one value
     * and is not pairable. The text gives alpha 0.743 nominal and 0.849 interval.
     */
    private static final Integer[][] OBSERVERS = {
            {1, 2, 3, 3, 2, 1, 4, 1, 2, null, null, null},
            {1, 2, 3, 3, 2, 2, 4, 1, 2, 5, null, 3},
            {null, 3, 3, 3, 2, 3, 4, 2, 2, 5, 1, null},
            {1, 2, 3, 3, 2, 4, 4, 1, 2, 5, 1, null}};

    private static List<double[]> units() {
        List<double[]> units = new ArrayList<>();
        for (int unit = 0; unit < OBSERVERS[0].length; unit++) {
            List<Double> values = new ArrayList<>();
            for (Integer[] observer : OBSERVERS) {
                if (observer[unit] != null) {
                    values.add(observer[unit].doubleValue());
                }
            }
            units.add(values.stream().mapToDouble(Double::doubleValue).toArray());
        }
        return units;
    }

    @Test
    void the_published_worked_example_gives_0_743_nominal() {
        assertThat(KrippendorffAlpha.of(units(), Metric.NOMINAL)).isCloseTo(0.743, within(0.0005));
    }

    @Test
    void the_published_worked_example_gives_0_849_interval() {
        assertThat(KrippendorffAlpha.of(units(), Metric.INTERVAL)).isCloseTo(0.849, within(0.0005));
    }

    @Test
    void perfect_agreement_is_one_and_no_variation_or_no_pairable_unit_is_undefined() {
        assertThat(KrippendorffAlpha.of(List.of(new double[] {1, 1}, new double[] {2, 2}), Metric.NOMINAL))
                .isEqualTo(1.0);
        assertThat(KrippendorffAlpha.of(List.of(new double[] {3, 3}, new double[] {3, 3}), Metric.INTERVAL)).isNull();
        assertThat(KrippendorffAlpha.of(List.of(new double[] {3}, new double[] {4}), Metric.INTERVAL)).isNull();
    }
}
