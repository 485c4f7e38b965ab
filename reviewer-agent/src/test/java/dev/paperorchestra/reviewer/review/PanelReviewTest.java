package dev.paperorchestra.reviewer.review;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class PanelReviewTest {

    private static ConferenceReview review(int overall, int clarity, String decision) {
        return new ConferenceReview("s", List.of(), List.of(), List.of(), List.of(), false, 3, 3, clarity, 3, 3, 3, 3,
                overall, 3, decision, "m");
    }

    @Test
    void the_median_of_an_even_panel_is_the_mean_of_the_middle_two() {
        assertThat(PanelReview.median(new double[] {6, 4, 5, 9})).isEqualTo(5.5);
        assertThat(PanelReview.median(new double[] {3})).isEqualTo(3.0);
    }

    @Test
    void one_outlying_reviewer_does_not_move_the_median() {
        PanelReview panel = new PanelReview(List.of(review(6, 3, "Accept"), review(6, 3, "Accept"),
                review(1, 1, "Reject")));

        assertThat(panel.scores().getOverall()).isEqualTo(6.0);
        assertThat(panel.scores().getSubScores()).containsEntry("Clarity", 3.0);
    }

    @Test
    void a_tied_vote_rejects() {
        PanelReview panel = new PanelReview(List.of(review(6, 3, "Accept"), review(5, 3, "Reject")));

        assertThat(panel.scores().getDecision()).isEqualTo("Reject");
        assertThat(panel.toJson().at("/Aggregation/decision/values")).extracting(node -> node.asString())
                .containsExactly("Accept", "Reject");
    }
}
