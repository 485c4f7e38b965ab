package dev.paperorchestra.reviewer.synthesis;

import static dev.paperorchestra.reviewer.synthesis.Judgements.RUBRIC;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class MetaReviewTest {

    @Test
    void the_top_point_is_the_one_two_reviewers_raised_even_under_a_lighter_criterion() {
        Judgement a = Judgements.of("A", 3)
                .point("soundness", "Justify the choice of the validation split", "Experiments", "")
                .point("presentation", "Enlarge the axis labels of the error plot", "Figure 3", "").build();
        Judgement b = Judgements.of("B", 3)
                .point("presentation", "The error plot axis labels are too small to read", "Fig. 3", "").build();
        Judgement c = Judgements.of("C", 3)
                .point("evidence", "Quote the RMSE gain exactly as in Table 2", "Abstract", "").build();

        MetaReview meta = MetaReview.of(List.of(a, b, c), RUBRIC, 2);

        assertThat(meta.plan()).hasSize(3);
        assertThat(meta.plan().getFirst()).satisfies(top -> {
            assertThat(top.rank()).isEqualTo(1);
            assertThat(top.criterion()).isEqualTo("presentation");
            assertThat(top.raisedBy()).containsExactly("A", "B");
            assertThat(top.request()).isEqualTo("Enlarge the axis labels of the error plot");
            assertThat(top.sections()).containsExactly("Figure 3", "Fig. 3");
            assertThat(top.requests()).hasSize(2);
        });
        // one reviewer each: the heavier criterion first (soundness 0.25 before evidence 0.20)
        assertThat(meta.plan()).extracting(MetaReview.PlanPoint::criterion)
                .containsExactly("presentation", "soundness", "evidence");
    }

    @Test
    void points_about_the_same_quoted_span_are_one_point_across_criteria() {
        Judgement a = Judgements.of("A", 3).point("clarity", "Define the symbol", "Method",
                "we minimise the prior loss over all views").build();
        Judgement b = Judgements.of("B", 3).point("soundness", "Why is this objective convex?", "Section 3",
                "minimise the prior loss").build();

        MetaReview meta = MetaReview.of(List.of(a, b), RUBRIC, 2);

        assertThat(meta.plan()).singleElement().satisfies(point -> {
            assertThat(point.support()).isEqualTo(2);
            // one vote each: the heavier criterion names the point
            assertThat(point.criterion()).isEqualTo("soundness");
            assertThat(point.quotes()).containsExactly("we minimise the prior loss over all views",
                    "minimise the prior loss");
        });
    }

    @Test
    void one_reviewer_listing_two_points_keeps_them_apart_and_unrelated_requests_stay_apart() {
        Judgement a = Judgements.of("A", 3)
                .point("clarity", "Define lambda before Equation 2", "Method", "")
                .point("clarity", "Define lambda before Equation 5", "Method", "").build();
        Judgement b = Judgements.of("B", 3)
                .point("clarity", "Shorten the related work section", "Related Work", "").build();

        MetaReview meta = MetaReview.of(List.of(a, b), RUBRIC, 2);

        assertThat(meta.plan()).hasSize(3).allSatisfy(point -> assertThat(point.support()).isEqualTo(1));
        assertThat(meta.plan()).extracting(MetaReview.PlanPoint::rank).containsExactly(1, 2, 3);
    }

    @Test
    void among_equal_support_and_weight_the_criterion_the_panel_scored_lower_comes_first() {
        Judgement a = Judgements.of("A", 3).score("clarity", 2).score("novelty-framing", 4)
                .point("novelty-framing", "Name the closest prior method", "Introduction", "")
                .point("clarity", "Number every equation", "Method", "").build();

        MetaReview meta = MetaReview.of(List.of(a), RUBRIC, 2);

        assertThat(meta.plan()).extracting(MetaReview.PlanPoint::criterion)
                .containsExactly("clarity", "novelty-framing");
    }

    @Test
    void criteria_whose_scores_spread_by_the_threshold_are_disagreements_with_every_score() {
        Judgement a = Judgements.of("A", 3).score("clarity", 1).score("soundness", 4).build();
        Judgement b = Judgements.of("B", 3).score("clarity", 4).score("soundness", 2).build();
        Judgement c = Judgements.of("C", 3).score("clarity", 3).build();

        MetaReview meta = MetaReview.of(List.of(a, b, c), RUBRIC, 2);

        assertThat(meta.disagreements()).extracting(MetaReview.Disagreement::criterion)
                .containsExactly("clarity", "soundness");
        assertThat(meta.disagreements().getFirst().spread()).isEqualTo(3);
        assertThat(meta.disagreements().getFirst().scores()).containsExactly(java.util.Map.entry("A", 1),
                java.util.Map.entry("B", 4), java.util.Map.entry("C", 3));
        assertThat(MetaReview.of(List.of(a, b, c), RUBRIC, 4).disagreements()).isEmpty();
        assertThat(meta.toJson().at("/Disagreements/0/Scores/B").asInt()).isEqualTo(4);
    }
}
