package dev.paperorchestra.reviewer.review;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

class AgentReviewTest {

    private static AgentReview review(int novelty, int overall) {
        return new AgentReview("s", List.of("a"), List.of("b"), List.of("q"), novelty, 5, 6, 4, overall, 3, "Reject",
                "test");
    }

    @Test
    void scores_carry_the_four_sub_axes_on_the_ten_point_scale() {
        assertThat(review(7, 5).scores().getSubScores()).containsOnlyKeys(AgentReview.SUB_AXES)
                .containsEntry("Novelty", 7.0);
        assertThat(review(7, 5).scores().getOverall()).isEqualTo(5.0);
    }

    @Test
    void reads_back_what_it_writes() {
        assertThat(AgentReview.fromJson(review(7, 5).toJson(), "test")).isEqualTo(review(7, 5));
    }

    @Test
    void rejects_a_sub_axis_outside_one_to_ten() {
        assertThatThrownBy(() -> review(11, 5)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("Novelty must be 1-10, was 11");
    }

    @Test
    void the_format_names_are_the_configuration_values() {
        assertThat(ReviewFormat.CONFERENCE.label()).isEqualTo("conference");
        assertThat(ReviewFormat.AGENT_REVIEW.label()).isEqualTo("agent-review");
    }
}
