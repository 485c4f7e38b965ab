package dev.paperorchestra.reviewer.synthesis;

import static dev.paperorchestra.reviewer.synthesis.Judgements.RUBRIC;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import org.junit.jupiter.api.Test;

class PanelAgreementTest {

    @Test
    void per_criterion_spread_mean_and_standard_deviation() {
        PanelAgreement agreement = PanelAgreement.of(List.of(Judgements.of("A", 3).score("clarity", 1).build(),
                Judgements.of("B", 3).score("clarity", 5).build(), Judgements.of("C", 3).build()), RUBRIC, "Reject");

        PanelAgreement.CriterionSpread clarity = agreement.criteria().get(3);
        assertThat(clarity.criterion()).isEqualTo("clarity");
        assertThat(clarity.spread()).isEqualTo(4);
        assertThat(clarity.mean()).isEqualTo(3.0);
        assertThat(clarity.standardDeviation()).isCloseTo(Math.sqrt(8.0 / 3), within(1e-9));
        assertThat(agreement.criteria().getFirst().spread()).isZero();
    }

    @Test
    void pairwise_agreement_is_the_mean_absolute_difference_and_the_share_within_one_level() {
        // A and B differ by 2 on soundness and by 1 on clarity, agree elsewhere (6 criteria)
        PanelAgreement agreement = PanelAgreement.of(List.of(
                Judgements.of("A", 3).score("soundness", 5).score("clarity", 2).build(),
                Judgements.of("B", 3).build()), RUBRIC, "Reject");

        assertThat(agreement.pairs()).singleElement().satisfies(pair -> {
            assertThat(pair.a()).isEqualTo("A");
            assertThat(pair.meanAbsoluteDifference()).isCloseTo(3.0 / 6, within(1e-9));
            assertThat(pair.withinOne()).isCloseTo(5.0 / 6, within(1e-9));
        });
        assertThat(agreement.meanWithinOne()).isCloseTo(5.0 / 6, within(1e-9));
    }

    @Test
    void krippendorff_interval_alpha_matches_a_hand_computation() {
        // two coders, two units (1,2) and (2,1): D_o = (2 + 2) / 4 = 1; values 1,2,2,1: D_e = 8 / 12; alpha = -0.5
        assertThat(PanelAgreement.krippendorffInterval(new double[][] {{1, 2}, {2, 1}})).isCloseTo(-0.5,
                within(1e-9));
        // perfect agreement with variation between units
        assertThat(PanelAgreement.krippendorffInterval(new double[][] {{1, 1}, {4, 4}, {2, 2}})).isEqualTo(1.0);
        // three coders, two units (1,2,3) and (3,3,3): D_o = (1/6) * ((1+4+1+1+4+1)/2 + 0) = 1,
        // pooled 1,2,3,3,3,3: D_e = 2*(1*4*4 + 1*1*1 + 4*1*1)... computed below from the definition
        double[] pooled = {1, 2, 3, 3, 3, 3};
        double expected = 0;
        for (double x : pooled) {
            for (double y : pooled) {
                expected += (x - y) * (x - y);
            }
        }
        expected /= 6 * 5;
        assertThat(PanelAgreement.krippendorffInterval(new double[][] {{1, 2, 3}, {3, 3, 3}}))
                .isCloseTo(1 - 1.0 / expected, within(1e-9));
        // no variation at all: undefined
        assertThat(PanelAgreement.krippendorffInterval(new double[][] {{3, 3}, {3, 3}})).isNull();
    }

    @Test
    void compares_each_single_reviewer_decision_with_the_panel_decision() {
        PanelAgreement agreement = PanelAgreement.of(List.of(Judgements.of("A", 4).decision("Accept").build(),
                Judgements.of("B", 2).decision("Reject").build(), Judgements.of("C", 4).decision("Accept").build()),
                RUBRIC, "Accept");

        assertThat(agreement.singleDecisionsMatchingPanel()).isEqualTo(2);
        assertThat(agreement.toJson().at("/decisions/single/B").asString()).isEqualTo("Reject");
        assertThat(agreement.toJson().at("/decisions/singleAccepting").asInt()).isEqualTo(2);
        assertThat(agreement.weighted().get("A")).isCloseTo(4.0, within(1e-9));
        assertThat(agreement.weighted().get("B")).isCloseTo(2.0, within(1e-9));
    }

    @Test
    void a_panel_of_one_has_no_pairwise_figures() {
        PanelAgreement agreement = PanelAgreement.of(List.of(Judgements.of("A", 3).build()), RUBRIC, "Reject");

        assertThat(agreement.pairs()).isEmpty();
        assertThat(agreement.meanWithinOne()).isNull();
        assertThat(agreement.alpha()).isNull();
        assertThat(agreement.toJson().get("krippendorffAlphaInterval").isNull()).isTrue();
    }
}
