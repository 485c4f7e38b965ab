package dev.paperorchestra.reviewer.review;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.paperorchestra.base.json.Json;
import java.util.List;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.node.ObjectNode;

class ConferenceReviewTest {

    private static ConferenceReview review(int overall) {
        return new ConferenceReview("s", List.of("a"), List.of("b"), List.of(), List.of(), false, 3, 3, 2, 2, 3, 3, 2,
                overall, 3, "Reject", "test");
    }

    @Test
    void scores_carry_the_seven_sub_axes_and_the_decision() {
        var scores = review(5).scores();

        assertThat(scores.getOverall()).isEqualTo(5.0);
        assertThat(scores.getSubScores()).containsOnlyKeys(ConferenceReview.SUB_AXES)
                .containsEntry("Clarity", 2.0);
        assertThat(scores.getDecision()).isEqualTo("Reject");
    }

    @Test
    void rejects_an_overall_score_outside_one_to_ten() {
        assertThatThrownBy(() -> review(11)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("Overall must be 1-10, was 11");
    }

    @Test
    void reads_back_what_it_writes_with_the_caller_naming_the_generator() {
        ObjectNode json = review(5).toJson();

        assertThat(ConferenceReview.fromJson(json, "test")).isEqualTo(review(5));
    }

    @Test
    void names_the_missing_field_of_an_answer() {
        ObjectNode json = review(5).toJson();
        json.remove("Soundness");

        assertThatThrownBy(() -> ConferenceReview.fromJson(json, "model"))
                .hasMessage("field 'Soundness' is missing");
    }

    @Test
    void rejects_a_decision_other_than_accept_or_reject() {
        ObjectNode json = Json.mapper().createObjectNode().setAll(review(5).toJson());
        json.put("Decision", "Weak accept");

        assertThatThrownBy(() -> ConferenceReview.fromJson(json, "model"))
                .hasMessageContaining("Decision must be Accept or Reject");
    }
}
