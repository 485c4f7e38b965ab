package dev.paperorchestra.refine.loop;

import static dev.paperorchestra.refine.DraftFixtures.scores;
import static org.assertj.core.api.Assertions.assertThat;

import dev.paperorchestra.schemas.ReviewScores;
import java.util.Map;
import org.junit.jupiter.api.Test;

class AcceptanceRuleTest {

    private static ReviewScores withSubScores(double overall, Map<String, Double> sub) {
        return ReviewScores.newBuilder().setOverall(overall).setSubScores(sub).setDecision("Reject").build();
    }

    @Test
    void keeps_a_revision_whose_overall_score_rises() {
        assertThat(AcceptanceRule.decide(scores(6, 3), scores(7, 2)))
                .isEqualTo(new Decision.Accept("overall 6 -> 7: kept"));
    }

    @Test
    void reverts_a_revision_whose_overall_score_falls() {
        assertThat(AcceptanceRule.decide(scores(7, 2), scores(6, 4)))
                .isEqualTo(new Decision.Revert("overall 7 -> 6: reverted"));
    }

    @Test
    void keeps_a_tie_whose_sub_axes_rise() {
        ReviewScores after = withSubScores(6, Map.of("Clarity", 3.0, "Quality", 3.0));

        assertThat(AcceptanceRule.decide(withSubScores(6, Map.of("Clarity", 2.0, "Quality", 3.0)), after))
                .isEqualTo(new Decision.Accept("overall 6 -> 6, sub-axes +1: kept"));
    }

    @Test
    void keeps_a_tie_whose_sub_axes_sum_to_zero() {
        ReviewScores before = withSubScores(6, Map.of("Clarity", 2.0, "Quality", 3.0));
        ReviewScores after = withSubScores(6, Map.of("Clarity", 3.0, "Quality", 2.0));

        assertThat(AcceptanceRule.decide(before, after))
                .isEqualTo(new Decision.Accept("overall 6 -> 6, sub-axes +0: kept"));
    }

    @Test
    void reverts_a_tie_whose_sub_axes_fall() {
        ReviewScores before = withSubScores(6, Map.of("Clarity", 3.0, "Quality", 3.0));
        ReviewScores after = withSubScores(6, Map.of("Clarity", 2.0, "Quality", 2.0));

        assertThat(AcceptanceRule.decide(before, after))
                .isEqualTo(new Decision.Revert("overall 6 -> 6, sub-axes -2: reverted"));
    }

    @Test
    void sums_only_the_sub_axes_both_reviews_scored() {
        ReviewScores before = withSubScores(6, Map.of("Clarity", 3.0));
        ReviewScores after = withSubScores(6, Map.of("Clarity", 3.0, "Soundness", 1.0));

        assertThat(AcceptanceRule.decide(before, after))
                .isEqualTo(new Decision.Accept("overall 6 -> 6, sub-axes +0: kept"));
    }

    @Test
    void names_fractional_scores_of_a_panel_as_they_are() {
        assertThat(AcceptanceRule.decide(scores(5.5, 3), scores(6, 3)).reason()).isEqualTo("overall 5.5 -> 6: kept");
    }
}
