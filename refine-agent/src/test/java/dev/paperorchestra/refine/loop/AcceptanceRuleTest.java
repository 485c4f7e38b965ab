package dev.paperorchestra.refine.loop;

import static dev.paperorchestra.refine.DraftFixtures.scores;
import static org.assertj.core.api.Assertions.assertThat;

import dev.paperorchestra.schemas.ArtifactRef;
import dev.paperorchestra.schemas.CompileReport;
import dev.paperorchestra.schemas.CompileStatus;
import dev.paperorchestra.schemas.PaperVersion;
import dev.paperorchestra.schemas.ReviewScores;
import dev.paperorchestra.schemas.ReviewedVersion;
import java.util.Map;
import org.junit.jupiter.api.Test;

class AcceptanceRuleTest {

    private static ReviewScores withSubScores(double overall, Map<String, Double> sub) {
        return ReviewScores.newBuilder().setOverall(overall).setSubScores(sub).setDecision("Reject").build();
    }

    private static PaperVersion version(int number, CompileStatus status) {
        ArtifactRef tex = ArtifactRef.newBuilder().setUri("file:///t").setSha256("t" + number).setSizeBytes(1)
                .setMediaType("text/x-tex").build();
        return PaperVersion.newBuilder().setVersion(number).setTex(tex)
                .setCompile(CompileReport.newBuilder().setStatus(status).setMessage("Missing $ inserted").build())
                .build();
    }

    private static ReviewedVersion reviewed(PaperVersion version, ReviewScores scores) {
        return ReviewedVersion.newBuilder().setPaper(version).setReview(version.getTex()).setScores(scores).build();
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

    @Test
    void reverts_a_revision_that_fails_to_compile_when_the_best_version_compiled() {
        ReviewedVersion best = reviewed(version(1, CompileStatus.COMPILED), scores(6, 3));

        Decision decision = AcceptanceRule.decide(best, version(2, CompileStatus.FAILED), scores(8, 4));

        assertThat(decision).isEqualTo(new Decision.Revert(
                "version 2 failed to compile (Missing $ inserted) while version 1 compiled: reverted"));
    }

    @Test
    void judges_a_failing_revision_by_its_scores_when_the_best_version_did_not_compile_either() {
        ReviewedVersion best = reviewed(version(1, CompileStatus.FAILED), scores(6, 3));

        assertThat(AcceptanceRule.decide(best, version(2, CompileStatus.FAILED), scores(7, 3)))
                .isEqualTo(new Decision.Accept("overall 6 -> 7: kept"));
    }

    @Test
    void judges_a_compiling_revision_by_its_scores() {
        ReviewedVersion best = reviewed(version(1, CompileStatus.COMPILED), scores(6, 3));

        assertThat(AcceptanceRule.decide(best, version(2, CompileStatus.COMPILED), scores(5, 4)))
                .isEqualTo(new Decision.Revert("overall 6 -> 5: reverted"));
    }
}
