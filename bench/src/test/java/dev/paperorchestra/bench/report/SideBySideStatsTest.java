package dev.paperorchestra.bench.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.paperorchestra.bench.report.SideBySideStats.Interval;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;

class SideBySideStatsTest {

    /** {@code wins} wins among {@code cases} judged cases, wins spread through the list. */
    private static List<Boolean> judged(int wins, int cases) {
        List<Boolean> out = new ArrayList<>();
        for (int i = 0; i < cases; i++) {
            out.add(i * wins / cases != (i + 1) * wins / cases);
        }
        assertThat(Collections.frequency(out, true)).isEqualTo(wins);
        return out;
    }

    @Test
    void the_win_rate_interval_contains_the_point_estimate() {
        Interval rate = SideBySideStats.winRate(judged(7, 20), 2_000, 42);

        assertThat(rate.estimate()).isEqualTo(0.35);
        assertThat(rate.low()).isLessThan(0.35).isGreaterThan(0.0);
        assertThat(rate.high()).isGreaterThan(0.35).isLessThan(1.0);
    }

    @Test
    void the_interval_narrows_with_more_cases_at_the_same_rate() {
        Interval few = SideBySideStats.winRate(judged(8, 20), 2_000, 42);
        Interval many = SideBySideStats.winRate(judged(80, 200), 2_000, 42);

        assertThat(many.estimate()).isEqualTo(few.estimate());
        assertThat(many.high() - many.low()).isLessThan((few.high() - few.low()) / 2);
        // about the normal approximation's width for 200 cases at 0.4: 2 * 1.96 * sqrt(0.4 * 0.6 / 200) = 0.136
        assertThat(many.high() - many.low()).isCloseTo(0.136, within(0.03));
    }

    @Test
    void the_same_seed_gives_the_same_interval_and_another_seed_may_not() {
        List<Boolean> cases = judged(11, 30);

        assertThat(SideBySideStats.winRate(cases, 2_000, 42)).isEqualTo(SideBySideStats.winRate(cases, 2_000, 42));
        List<Interval> seeds = new ArrayList<>();
        for (long seed = 1; seed <= 5; seed++) {
            seeds.add(SideBySideStats.winRate(cases, 200, seed));
        }
        assertThat(seeds.stream().distinct().count()).as("the seed drives the resampling").isGreaterThan(1);
    }

    @Test
    void unanimous_results_give_a_point_interval() {
        assertThat(SideBySideStats.winRate(judged(12, 12), 2_000, 42)).isEqualTo(new Interval(1.0, 1.0, 1.0));
        assertThat(SideBySideStats.winRate(judged(0, 9), 2_000, 42)).isEqualTo(new Interval(0.0, 0.0, 0.0));
    }

    @Test
    void the_flip_rate_counts_cases_whose_verdict_changes_with_the_order() {
        List<String[]> orders = List.of(
                new String[] {"win", "win"},   // consistent
                new String[] {"loss", "loss"}, // consistent
                new String[] {"tie", "tie"},   // consistent
                new String[] {"win", "loss"},  // picked the first slot both times
                new String[] {"win", "loss"},  // again
                new String[] {"loss", "win"},  // picked the second slot both times
                new String[] {"win", "tie"},   // flips, no slot picked twice
                new String[] {"loss", "loss"});

        var bias = SideBySideStats.positionBias(orders);

        assertThat(bias.get("pairs").asInt()).isEqualTo(8);
        assertThat(bias.get("flips").asInt()).isEqualTo(4);
        assertThat(bias.get("flipRate").asDouble()).isEqualTo(0.5);
        assertThat(bias.get("sameSlotFirst").asInt()).isEqualTo(2);
        assertThat(bias.get("sameSlotSecond").asInt()).isEqualTo(1);
        // 16 verdicts (6 win, 7 loss, 3 tie): D_o = 8/16, D_e = 162/240, alpha = 1 - 0.5 / 0.675 = 0.259
        assertThat(bias.get("orderAlphaNominal").asDouble()).isEqualTo(0.259);
        assertThat(SideBySideStats.positionBias(List.of())).isNull();
    }
}
