package dev.paperorchestra.reviewer.rubric;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.paperorchestra.base.json.Json;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

class RubricTest {

    @Test
    void version_one_has_six_weighted_criteria_each_anchored_at_every_level() {
        Rubric rubric = Rubric.load("v1");

        assertThat(rubric.version()).isEqualTo("v1");
        assertThat(rubric.ids()).containsExactly("soundness", "evidence", "novelty-framing", "clarity",
                "related-work", "presentation");
        assertThat(rubric.criteria().stream().mapToDouble(Rubric.Criterion::weight).sum()).isCloseTo(1.0,
                org.assertj.core.data.Offset.offset(1e-9));
        assertThat(rubric.criteria()).allSatisfy(criterion -> assertThat(criterion.anchors().keySet())
                .containsExactlyInAnyOrder(1, 2, 3, 4, 5));
        assertThat(rubric.weight("soundness")).isGreaterThan(rubric.weight("presentation"));
    }

    @Test
    void an_unknown_or_malformed_version_is_refused_with_the_reason() {
        assertThatThrownBy(() -> Rubric.load("v99")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("no rubric v99");
        assertThatThrownBy(() -> Rubric.load("../secrets")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("not of the form v1");
    }

    private static ObjectNode v1() {
        return (ObjectNode) Json.mapper().readTree(Json.mapper().writeValueAsString(
                Json.mapper().readTree(RubricTest.class.getClassLoader().getResourceAsStream("rubric/v1.json"))));
    }

    @Test
    void a_criterion_without_an_anchor_for_some_level_is_refused() {
        ObjectNode json = v1();
        ((ObjectNode) json.at("/criteria/3/anchors")).remove("4");

        assertThatThrownBy(() -> Rubric.parse(json)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("criterion 'clarity' has no anchor for level 4");
    }

    @Test
    void weights_that_do_not_sum_to_one_are_refused() {
        ObjectNode json = v1();
        ((ObjectNode) json.at("/criteria/0")).put("weight", 0.5);

        assertThatThrownBy(() -> Rubric.parse(json)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("weights sum to");
    }

    @Test
    void a_criterion_listed_twice_or_an_anchor_outside_the_scale_is_refused() {
        ObjectNode twice = v1();
        ((ObjectNode) twice.at("/criteria/1")).put("id", "soundness");
        ObjectNode outside = v1();
        ((ObjectNode) outside.at("/criteria/0/anchors")).put("6", "beyond the scale");

        assertThatThrownBy(() -> Rubric.parse(twice)).hasMessageContaining("'soundness' is listed twice");
        assertThatThrownBy(() -> Rubric.parse(outside)).hasMessageContaining("level 6 is outside the scale 1..5");
    }

    @Test
    void the_weighted_score_is_the_weighted_mean_and_needs_every_criterion() {
        Rubric rubric = Rubric.load("v1");
        Map<String, Integer> threes = new java.util.LinkedHashMap<>();
        rubric.ids().forEach(id -> threes.put(id, 3));

        assertThat(rubric.weightedScore(threes)).isCloseTo(3.0, org.assertj.core.data.Offset.offset(1e-9));
        threes.put("soundness", 5);
        assertThat(rubric.weightedScore(threes)).isCloseTo(3.5, org.assertj.core.data.Offset.offset(1e-9));
        threes.remove("clarity");
        assertThatThrownBy(() -> rubric.weightedScore(threes)).hasMessageContaining("'clarity' is not scored");
    }

    @Test
    void the_answer_schema_requires_every_criterion_with_a_score_in_the_scale_and_one_quote_or_more() {
        JsonNode schema = RubricPrompt.schema(Rubric.load("v1"));

        assertThat(schema.get("required")).extracting(JsonNode::asString).hasSize(6).contains("related-work");
        assertThat(schema.at("/properties/clarity/properties/Score/maximum").asInt()).isEqualTo(5);
        assertThat(schema.at("/properties/clarity/properties/Evidence/minItems").asInt()).isEqualTo(1);
        assertThat(schema.at("/properties/clarity/properties/Evidence/items/required"))
                .extracting(JsonNode::asString).containsExactly("Quote", "Page");
        assertThat(List.of(schema.at("/properties/clarity/additionalProperties").asBoolean(true))).containsOnly(false);
    }
}
