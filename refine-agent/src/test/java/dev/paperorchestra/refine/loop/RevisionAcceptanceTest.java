package dev.paperorchestra.refine.loop;

import static dev.paperorchestra.refine.DraftFixtures.scores;
import static org.assertj.core.api.Assertions.assertThat;

import dev.paperorchestra.schemas.ReviewScores;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class RevisionAcceptanceTest {

    private static final int LIMIT = 3;

    private static ReviewScores withSubScores(double overall, Map<String, Double> sub) {
        return ReviewScores.newBuilder().setOverall(overall).setSubScores(sub).setDecision("Reject").build();
    }

    @Test
    void keeps_a_revision_whose_overall_score_rises() {
        assertThat(RevisionAcceptance.decide(scores(6, 3), scores(7, 2), 1, LIMIT))
                .isEqualTo(new Decision.Keep("overall 6 -> 7: kept"));
    }

    @Test
    void reverts_a_revision_whose_overall_score_falls_even_when_its_sub_axes_rise() {
        assertThat(RevisionAcceptance.decide(scores(7, 2), scores(6, 4), 1, LIMIT))
                .isEqualTo(new Decision.Revert("overall 7 -> 6: reverted"));
    }

    @Test
    void keeps_a_tie_whose_sub_axes_rise() {
        ReviewScores after = withSubScores(6, Map.of("Clarity", 3.0, "Quality", 3.0));

        assertThat(RevisionAcceptance.decide(withSubScores(6, Map.of("Clarity", 2.0, "Quality", 3.0)), after, 1, LIMIT))
                .isEqualTo(new Decision.Keep("overall 6 -> 6, sub-axes +1: kept"));
    }

    @Test
    void keeps_a_tie_whose_sub_axes_sum_to_zero() {
        ReviewScores before = withSubScores(6, Map.of("Clarity", 2.0, "Quality", 3.0));
        ReviewScores after = withSubScores(6, Map.of("Clarity", 3.0, "Quality", 2.0));

        assertThat(RevisionAcceptance.decide(before, after, 1, LIMIT))
                .isEqualTo(new Decision.Keep("overall 6 -> 6, sub-axes +0: kept"));
    }

    @Test
    void reverts_a_tie_whose_sub_axes_fall() {
        ReviewScores before = withSubScores(6, Map.of("Clarity", 3.0, "Quality", 3.0));
        ReviewScores after = withSubScores(6, Map.of("Clarity", 2.0, "Quality", 2.0));

        assertThat(RevisionAcceptance.decide(before, after, 1, LIMIT))
                .isEqualTo(new Decision.Revert("overall 6 -> 6, sub-axes -2: reverted"));
    }

    @Test
    void a_kept_revision_at_the_iteration_limit_stops_the_loop() {
        assertThat(RevisionAcceptance.decide(scores(6, 3), scores(7, 3), LIMIT, LIMIT))
                .isEqualTo(new Decision.KeepAndStop("overall 6 -> 7: kept; iteration limit 3 reached"));
        assertThat(RevisionAcceptance.decide(scores(6, 3), scores(6, 3), LIMIT, LIMIT))
                .isEqualTo(new Decision.KeepAndStop("overall 6 -> 6, sub-axes +0: kept; iteration limit 3 reached"));
    }

    @Test
    void a_decrease_at_the_iteration_limit_still_reverts() {
        assertThat(RevisionAcceptance.decide(scores(6, 3), scores(5, 3), LIMIT, LIMIT))
                .isEqualTo(new Decision.Revert("overall 6 -> 5: reverted"));
    }

    @Test
    void a_revision_that_failed_its_checks_is_rejected_and_names_the_failures() {
        Decision decision = RevisionAcceptance.reject(List.of("compile failed: paper.tex:3: Undefined control sequence"));

        assertThat(decision).isEqualTo(new Decision.Reject(
                "failed its checks (compile failed: paper.tex:3: Undefined control sequence): rejected"));
        assertThat(decision.keepsRevision()).isFalse();
        assertThat(decision.kind().label()).isEqualTo("rejected");
    }

    @Test
    void sums_only_the_sub_axes_both_reviews_scored() {
        ReviewScores before = withSubScores(6, Map.of("Clarity", 3.0));
        ReviewScores after = withSubScores(6, Map.of("Clarity", 3.0, "Soundness", 1.0));

        assertThat(RevisionAcceptance.decide(before, after, 1, LIMIT))
                .isEqualTo(new Decision.Keep("overall 6 -> 6, sub-axes +0: kept"));
    }

    @Test
    void names_fractional_scores_of_a_panel_as_they_are() {
        assertThat(RevisionAcceptance.decide(scores(5.5, 3), scores(6, 3), 1, LIMIT).reason())
                .isEqualTo("overall 5.5 -> 6: kept");
    }

    @Test
    void only_keep_decisions_keep_the_revision() {
        assertThat(new Decision.Keep("k").keepsRevision()).isTrue();
        assertThat(new Decision.KeepAndStop("k").keepsRevision()).isTrue();
        assertThat(new Decision.Revert("r").keepsRevision()).isFalse();
        assertThat(new Decision.KeepAndStop("k").kind().label()).isEqualTo("kept-at-limit");
    }
}
