package dev.paperorchestra.outline.schema;

import static org.assertj.core.api.Assertions.assertThat;

import dev.paperorchestra.base.json.Json;
import java.io.IOException;
import java.io.InputStream;
import java.util.List;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

class OutlineValidatorTest {

    private final OutlineValidator validator = new OutlineValidator();

    @Test
    void accepts_a_valid_outline() {
        assertThat(validator.validate(valid())).isEmpty();
    }

    @Test
    void accepts_valid_outline_given_as_text() {
        assertThat(validator.validate(Json.mapper().writeValueAsString(valid()))).isEmpty();
    }

    @Test
    void names_a_missing_top_level_key() {
        ObjectNode outline = valid();
        outline.remove("section_plan");

        assertThat(validator.validate(outline)).containsExactly("section_plan: is required");
    }

    @Test
    void rejects_an_extra_top_level_key() {
        ObjectNode outline = valid();
        outline.put("generated_by", "offline");

        assertThat(validator.validate(outline)).containsExactly("generated_by: is not allowed here (allowed: "
                + "plotting_plan, intro_related_work_plan, section_plan, exemplar_plan)");
    }

    @Test
    void names_a_missing_key_of_a_planned_figure() {
        ObjectNode outline = valid();
        ((ObjectNode) outline.at("/plotting_plan/1")).remove("objective");

        assertThat(validator.validate(outline)).containsExactly("plotting_plan[1].objective: is required");
    }

    @Test
    void rejects_an_aspect_ratio_outside_the_enum() {
        ObjectNode outline = valid();
        ((ObjectNode) outline.at("/plotting_plan/0")).put("aspect_ratio", "7:3");

        assertThat(validator.validate(outline)).containsExactly("plotting_plan[0].aspect_ratio: must be one of "
                + "1:1, 1:4, 2:3, 3:2, 3:4, 4:1, 4:3, 4:5, 5:4, 9:16, 16:9, 21:9 (found \"7:3\")");
    }

    @Test
    void rejects_a_plot_type_outside_the_enum() {
        ObjectNode outline = valid();
        ((ObjectNode) outline.at("/plotting_plan/1")).put("plot_type", "chart");

        assertThat(validator.validate(outline))
                .containsExactly("plotting_plan[1].plot_type: must be one of plot, diagram (found \"chart\")");
    }

    @Test
    void rejects_a_data_source_outside_the_enum() {
        ObjectNode outline = valid();
        ((ObjectNode) outline.at("/plotting_plan/1")).put("data_source", "log.md");

        assertThat(validator.validate(outline)).singleElement().asString()
                .startsWith("plotting_plan[1].data_source: must be one of idea.md, experimental_log.md, both");
    }

    @Test
    void rejects_a_snake_case_figure_id_containing_figure() {
        ObjectNode outline = valid();
        ((ObjectNode) outline.at("/plotting_plan/0")).put("figure_id", "fig_figure_overview");

        assertThat(validator.validate(outline)).containsExactly(
                "plotting_plan[0].figure_id: must not contain the word \"figure\" (found \"fig_figure_overview\")");
    }

    @Test
    void rejects_a_figure_id_containing_capitalised_figure() {
        ObjectNode outline = valid();
        ((ObjectNode) outline.at("/plotting_plan/0")).put("figure_id", "Figure_1");

        assertThat(validator.validate(outline))
                .contains("plotting_plan[0].figure_id: must not contain the word \"figure\" (found \"Figure_1\")")
                .anyMatch(violation -> violation.startsWith("plotting_plan[0].figure_id: must be snake_case"));
    }

    @Test
    void rejects_a_figure_id_that_is_not_snake_case() {
        ObjectNode outline = valid();
        ((ObjectNode) outline.at("/plotting_plan/0")).put("figure_id", "fig-overview");

        assertThat(validator.validate(outline)).singleElement().asString()
                .startsWith("plotting_plan[0].figure_id: must be snake_case");
    }

    @Test
    void rejects_duplicate_figure_ids() {
        ObjectNode outline = valid();
        ((ObjectNode) outline.at("/plotting_plan/1")).put("figure_id", "fig_framework_overview");

        assertThat(validator.validate(outline)).containsExactly("plotting_plan[1].figure_id: 'fig_framework_overview' "
                + "is already used by plotting_plan[0]; figure ids must be unique");
    }

    @Test
    void rejects_a_lone_subsection() {
        ObjectNode outline = valid();
        ((ArrayNode) outline.at("/section_plan/1/subsections")).remove(1);

        assertThat(validator.validate(outline)).containsExactly("section_plan[1].subsections: must be empty or have "
                + "at least 2 entries (never a lone subsection), found 1");
    }

    @Test
    void rejects_too_few_search_directions() {
        ObjectNode outline = valid();
        ((ArrayNode) outline.at("/intro_related_work_plan/introduction_strategy/search_directions")).remove(2);

        assertThat(validator.validate(outline)).containsExactly("intro_related_work_plan.introduction_strategy"
                + ".search_directions: must have at least 3 items but found 2");
    }

    @Test
    void rejects_too_many_search_directions() {
        ObjectNode outline = valid();
        ArrayNode directions =
                (ArrayNode) outline.at("/intro_related_work_plan/introduction_strategy/search_directions");
        directions.add("four").add("five").add("six");

        assertThat(validator.validate(outline)).singleElement().asString()
                .startsWith("intro_related_work_plan.introduction_strategy.search_directions: must have at most 5");
    }

    @Test
    void rejects_a_single_related_work_subsection() {
        ObjectNode outline = valid();
        ((ArrayNode) outline.at("/intro_related_work_plan/related_work_strategy/subsections")).remove(1);

        assertThat(validator.validate(outline)).singleElement().asString()
                .startsWith("intro_related_work_plan.related_work_strategy.subsections: must have at least 2");
    }

    @Test
    void rejects_blank_text() {
        ObjectNode outline = valid();
        ((ObjectNode) outline.at("/intro_related_work_plan/introduction_strategy")).put("hook_hypothesis", "  ");

        assertThat(validator.validate(outline))
                .containsExactly("intro_related_work_plan.introduction_strategy.hook_hypothesis: must not be blank");
    }

    @Test
    void rejects_a_subsection_without_content_bullets() {
        ObjectNode outline = valid();
        ((ArrayNode) outline.at("/section_plan/1/subsections/0/content_bullets")).removeAll();

        assertThat(validator.validate(outline)).singleElement().asString()
                .startsWith("section_plan[1].subsections[0].content_bullets: must have at least 1");
    }

    @Test
    void reports_text_that_is_not_json() {
        assertThat(validator.validate("{\"plotting_plan\": [")).singleElement().asString()
                .startsWith("outline: not valid JSON");
    }

    @Test
    void schema_lists_exactly_the_allowed_aspect_ratios() {
        JsonNode schema = Json.mapper().readTree(OutlineSchema.text());
        List<String> enumerated = schema.at("/$defs/planned_figure/properties/aspect_ratio/enum").values().stream()
                .map(JsonNode::asString).toList();

        assertThat(enumerated).isEqualTo(AspectRatios.ALLOWED);
    }

    @Test
    void accepts_both_citation_hint_forms() {
        ObjectNode outline = valid();
        ((ArrayNode) outline.at("/section_plan/1/subsections/1/citation_hints"))
                .add("Ze Liu et al. (Swin Transformer: Hierarchical Vision Transformer using Shifted Windows)");

        assertThat(validator.validate(outline)).isEmpty();
    }

    /** A setup name with an apostrophe made the offline outline fail its own contract (the paper stopped). */
    @Test
    void accepts_a_name_with_an_apostrophe_in_the_introducing_form_and_rejects_an_empty_name() {
        ObjectNode outline = valid();
        ArrayNode hints = (ArrayNode) outline.at("/section_plan/1/subsections/1/citation_hints");
        hints.add("research paper or technical report introducing 'Callaway-Sant'Anna estimator'");
        hints.add("research paper or technical report introducing 'Cohen's kappa'");

        assertThat(validator.validate(outline)).isEmpty();

        hints.add("research paper or technical report introducing ''");
        assertThat(validator.validate(outline)).singleElement().asString().contains("(found \"research paper or "
                + "technical report introducing ''\")");
    }

    @Test
    void rejects_a_citation_hint_in_neither_form() {
        ObjectNode outline = valid();
        ((ArrayNode) outline.at("/section_plan/1/subsections/1/citation_hints")).add("the Swin paper");

        assertThat(validator.validate(outline)).containsExactly("section_plan[1].subsections[1].citation_hints[1]: "
                + "must read \"Author (Exact Title)\" when both are certain, otherwise \"research paper or "
                + "technical report introducing '<exact name>'\" (found \"the Swin paper\")");
    }

    @Test
    void rejects_a_section_plan_without_experiments() {
        ObjectNode outline = valid();
        ArrayNode sections = (ArrayNode) outline.get("section_plan");
        for (int i = sections.size() - 1; i >= 0; i--) {
            if (sections.get(i).get("section_title").asString().equals("Experiments")) {
                sections.remove(i);
            }
        }

        assertThat(validator.validate(outline)).containsExactly("section_plan: has no section for the experiments "
                + "(the plan covers abstract, method, experiments and conclusion)");
    }

    @Test
    void a_section_titled_with_two_roles_covers_both() {
        ObjectNode outline = valid();
        ArrayNode sections = (ArrayNode) outline.get("section_plan");
        for (int i = sections.size() - 1; i >= 0; i--) {
            String title = sections.get(i).get("section_title").asString();
            if (title.equals("Experiments")) {
                ((ObjectNode) sections.get(i)).put("section_title", "Experimental Results and Discussion");
            } else if (title.equals("Conclusion")) {
                sections.remove(i);
            }
        }

        assertThat(validator.validate(outline)).isEmpty();
    }

    private static ObjectNode valid() {
        try (InputStream in = OutlineValidatorTest.class.getResourceAsStream("valid-outline.json")) {
            return (ObjectNode) Json.mapper().readTree(in);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }
}
