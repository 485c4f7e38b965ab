package dev.paperorchestra.bench.autorate;

import static org.assertj.core.api.Assertions.assertThat;

import dev.paperorchestra.base.json.Json;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;

class LiteratureQualityRaterTest {

    /** coverage, relevance, critical_analysis, positioning, organization, citation_rigor. */
    private static String answer(int[] axes, boolean descriptive, boolean noveltyUnsupported, boolean sparse,
            String penalties, int bonus) {
        String[] names = {"coverage", "relevance", "critical_analysis", "positioning", "organization", "citation_rigor"};
        StringBuilder json = new StringBuilder("{\"axes\":{");
        for (int i = 0; i < names.length; i++) {
            json.append(i == 0 ? "" : ",").append('"').append(names[i]).append("\":{\"score\":").append(axes[i])
                    .append(",\"justification\":\"j\"}");
        }
        return json.append("},\"mostly_descriptive\":").append(descriptive).append(",\"novelty_unsupported\":")
                .append(noveltyUnsupported).append(",\"sparse_citations\":").append(sparse).append(",\"penalties\":")
                .append(penalties).append(",\"bonus\":").append(bonus).append('}').toString();
    }

    private static ObjectNode rate(String answer, int citations, int referenceCitations) {
        JsonNode json = Json.mapper().readTree(answer);
        return LiteratureQualityRater.applyRules(json, citations, referenceCitations);
    }

    @Test
    void a_descriptive_review_with_few_citations_is_capped_and_penalised() {
        // caps: critical analysis 60 (descriptive), coverage 55 (10 < 30 / 2)
        // .2*55 + .15*90 + .25*60 + .25*90 + .1*90 + .05*90 = 75.5; penalties 10 + 15 (20 is clamped) = 25
        ObjectNode rated = rate(answer(new int[] {90, 90, 90, 90, 90, 90}, true, false, false,
                "[{\"reason\":\"a\",\"points\":10},{\"reason\":\"b\",\"points\":20}]", 0), 10, 30);

        assertThat(rated.get("axes").get("critical_analysis").asDouble()).isEqualTo(60);
        assertThat(rated.get("axes").get("coverage").asDouble()).isEqualTo(55);
        assertThat(rated.get("weighted").asDouble()).isEqualTo(75.5);
        assertThat(rated.get("penalties").asInt()).isEqualTo(25);
        assertThat(rated.get("overall").asDouble()).isEqualTo(50.5);
    }

    @Test
    void unsupported_novelty_and_sparse_citations_cap_their_axes_at_60() {
        ObjectNode rated = rate(answer(new int[] {70, 70, 70, 80, 70, 75}, false, true, true, "[]", 0), 30, 30);

        assertThat(rated.get("axes").get("positioning").asDouble()).isEqualTo(60);
        assertThat(rated.get("axes").get("citation_rigor").asDouble()).isEqualTo(60);
        assertThat(rated.get("capsApplied")).hasSize(2);
    }

    @Test
    void an_axis_below_50_keeps_the_overall_at_75() {
        // 90 * 0.9 + 45 * 0.1 = 85.5, capped at 75
        ObjectNode rated = rate(answer(new int[] {90, 90, 90, 90, 45, 90}, false, false, false, "[]", 0), 30, 30);

        assertThat(rated.get("weighted").asDouble()).isEqualTo(85.5);
        assertThat(rated.get("overall").asDouble()).isEqualTo(75);
    }

    @Test
    void above_85_only_when_every_axis_is_strong() {
        // 90 * 0.95 + 80 * 0.05 = 89.5: one axis under 85 caps it at 85
        ObjectNode capped = rate(answer(new int[] {90, 90, 90, 90, 90, 80}, false, false, false, "[]", 0), 30, 30);
        ObjectNode strong = rate(answer(new int[] {95, 95, 95, 95, 95, 95}, false, false, false, "[]", 0), 30, 30);

        assertThat(capped.get("overall").asDouble()).isEqualTo(85);
        assertThat(strong.get("overall").asDouble()).isEqualTo(95);
    }

    @Test
    void the_bonus_counts_only_above_150_percent_of_the_reference_citations() {
        String answer = answer(new int[] {95, 95, 95, 95, 95, 95}, false, false, false, "[]", 5);

        assertThat(rate(answer, 46, 30).get("overall").asDouble()).isEqualTo(100);
        assertThat(rate(answer, 45, 30).get("bonus").asInt()).isZero();
    }

    @Test
    void the_model_is_asked_for_strict_json_as_a_reviewer() {
        ScriptedGateway model = new ScriptedGateway(request -> answer(new int[] {60, 60, 60, 60, 60, 60}, false, false,
                false, "[]", 0));

        ObjectNode rated = new LiteratureQualityRater(model).rate("p", "\\section{Introduction} text", 12, 20);

        assertThat(model.requests.getFirst().jsonSchema()).contains("critical_analysis", "penalties");
        assertThat(model.requests.getFirst().user()).contains("cites 20 works", "this review cites 12");
        assertThat(rated.get("overall").asDouble()).isEqualTo(60);
        assertThat(rated.get("modelAnswer").get("axes").get("coverage").get("score").asInt()).isEqualTo(60);
    }
}
