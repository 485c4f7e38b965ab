package dev.paperorchestra.bench.simulate;

import static org.assertj.core.api.Assertions.assertThat;

import dev.paperorchestra.base.json.Json;
import java.util.List;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

class ScriptedModelTest {

    private final ScriptedModel model = new ScriptedModel(user -> "{}", user -> List.of());

    private static ObjectNode request(String user, String schema) {
        ObjectNode request = Json.mapper().createObjectNode().put("model", "scripted");
        request.putArray("messages").addObject().put("role", "user").put("content", user);
        request.putObject("response_format").putObject("json_schema").set("schema", Json.mapper().readTree(schema));
        return request;
    }

    private JsonNode answerOf(ObjectNode request) {
        return answerOf(model, request);
    }

    private static JsonNode answerOf(ScriptedModel model, ObjectNode request) {
        return Json.mapper().readTree(model.answer(request).path("choices").get(0).path("message").path("content")
                .asString());
    }

    @Test
    void a_review_decides_as_its_overall_score_says_even_when_the_schema_it_sees_has_no_if_then() {
        JsonNode review = answerOf(request("Review this paper.", """
                {"type": "object", "properties": {
                  "Overall": {"type": "integer", "minimum": 1, "maximum": 10},
                  "Decision": {"type": "string", "enum": ["Accept", "Reject"]}}}"""));

        assertThat(review.path("Overall").asInt()).isNotEqualTo(5);
        assertThat(review.path("Decision").asString()).isEqualTo(review.path("Overall").asInt() >= 6 ? "Accept" : "Reject");
    }

    @Test
    void a_review_quotes_its_rubric_evidence_word_for_word_from_the_paper() {
        JsonNode review = answerOf(request("Compile status: COMPILED\n\nPaper (LaTeX):\n\\documentclass{article}\n"
                + "\\begin{document}\n\\section{Introduction}\nDense depth from sparse points remains hard in "
                + "low light and fog.\n\\end{document}", """
                {"type": "object", "properties": {
                  "Overall": {"type": "integer", "minimum": 1, "maximum": 10},
                  "Decision": {"type": "string", "enum": ["Accept", "Reject"]},
                  "Rubric": {"type": "object", "properties": {"clarity": {"type": "object", "properties": {
                    "Score": {"type": "integer", "minimum": 1, "maximum": 5},
                    "Evidence": {"type": "array", "minItems": 1, "items": {"type": "object", "properties": {
                      "Quote": {"type": "string"}, "Page": {"type": ["integer", "null"], "minimum": 1}}}},
                    "Points": {"type": "array", "items": {"type": "object"}}}}}}}}"""));

        assertThat(review.at("/Rubric/clarity/Score").asInt()).isBetween(1, 5);
        assertThat(review.at("/Rubric/clarity/Evidence/0/Quote").asString())
                .isEqualTo("Dense depth from sparse points remains hard in");
        assertThat(review.at("/Rubric/clarity/Evidence/0/Page").isNull()).isTrue();
        assertThat(review.at("/Rubric/clarity/Points")).isEmpty();
    }

    @Test
    void each_planned_chart_draws_the_table_its_title_names() {
        String tables = """
                Tables you may draw from:
                ### T1: RMSE on NYU Depth v2
                Row labels: Ours | Baseline
                Quantity columns: RMSE
                | method | RMSE |
                |---|---|
                | Ours | 0.31 |
                | Baseline | 0.40 |

                ### T2: Inference latency per frame
                Row labels: Ours | Baseline
                Quantity columns: ms
                | method | ms |
                |---|---|
                | Ours | 41.5 |
                | Baseline | 27.25 |
                """;
        String schema = "{\"type\": \"object\", \"properties\": {\"series\": {}, \"purpose\": {}}}";

        JsonNode latency = answerOf(request("Figure id: fig_speed\nTitle: Inference latency\nObjective: latency per "
                + "frame of each method\n\n" + tables, schema));
        JsonNode accuracy = answerOf(request("Figure id: fig_rmse\nTitle: Accuracy on NYU Depth v2\nObjective: RMSE "
                + "of each method\n\n" + tables, schema));

        assertThat(latency.path("table").asString()).isEqualTo("T2");
        assertThat(latency.path("series").get(0).path("values").values()).extracting(JsonNode::asDouble)
                .containsExactly(41.5, 27.25);
        assertThat(accuracy.path("table").asString()).isEqualTo("T1");
    }

    @Test
    void the_demanding_critic_sends_back_every_figure_once_and_most_twice_and_approves_by_the_third_round() {
        ScriptedModel demanding = new ScriptedModel(user -> "{}", user -> List.of(), ScriptedModel.DEMANDING_CRITIC);
        String schema = "{\"type\": \"object\", \"properties\": {\"approved\": {}, \"issues\": {}}}";
        List<String> titles = List.of("RMSE on NYU Depth v2", "Inference latency", "Ablation of the glimpse tokens",
                "Sparsity sweep", "Accuracy per scene", "Runtime per frame", "Error by depth range", "Memory use");
        int sentBackTwice = 0;
        for (String title : titles) {
            List<Boolean> approved = new java.util.ArrayList<>();
            for (int round = 1; round <= 3; round++) {
                JsonNode critique = answerOf(demanding, request("Figure title: " + title
                        + "\nObjective: compare\nReview round: " + round, schema));
                assertThat(critique.path("approved").asBoolean()).isEqualTo(critique.path("issues").isEmpty());
                approved.add(critique.path("approved").asBoolean());
            }
            assertThat(approved.getFirst()).as(title + " on first sight").isFalse();
            assertThat(approved.getLast()).as(title + " in round 3").isTrue();
            sentBackTwice += approved.get(1) ? 0 : 1;
        }
        assertThat(sentBackTwice).as("figures sent back twice of " + titles.size()).isBetween(1, titles.size() - 1);
        assertThat(demanding.requests()).containsEntry("critic", 3 * titles.size());
    }

    @Test
    void the_critic_sends_back_about_half_of_the_figures_on_first_sight_and_approves_every_revision() {
        String schema = "{\"type\": \"object\", \"properties\": {\"approved\": {}, \"issues\": {}}}";
        List<String> titles = List.of("RMSE on NYU Depth v2", "Inference latency", "Ablation of the glimpse tokens",
                "Sparsity sweep", "Accuracy per scene", "Runtime per frame", "Error by depth range", "Memory use");
        int sentBack = 0;
        for (String title : titles) {
            JsonNode first = answerOf(request("Figure title: " + title + "\nObjective: compare\nReview round: 1",
                    schema));
            JsonNode second = answerOf(request("Figure title: " + title + "\nObjective: compare\nReview round: 2",
                    schema));

            assertThat(first.path("approved").asBoolean()).isEqualTo(first.path("issues").isEmpty());
            assertThat(second.path("approved").asBoolean()).as(title + " revised").isTrue();
            sentBack += first.path("approved").asBoolean() ? 0 : 1;
        }
        assertThat(sentBack).as("figures sent back of " + titles.size()).isBetween(1, titles.size() - 1);
    }
}
