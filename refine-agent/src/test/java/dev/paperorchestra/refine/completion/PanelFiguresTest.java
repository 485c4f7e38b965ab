package dev.paperorchestra.refine.completion;

import static org.assertj.core.api.Assertions.assertThat;

import dev.paperorchestra.base.json.Json;
import dev.paperorchestra.schemas.ArtifactRef;
import dev.paperorchestra.schemas.NamedArtifact;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.node.ObjectNode;

class PanelFiguresTest {

    private static NamedArtifact review(String name) {
        return NamedArtifact.newBuilder().setName(name).setArtifact(ArtifactRef.newBuilder().setUri("blob:" + name)
                .setSha256(name).setSizeBytes(1).setMediaType("application/json").build()).build();
    }

    @Test
    void carries_each_reviews_agreement_figures_and_absent_seats_and_their_mean() {
        Map<String, String> saved = Map.of(
                "blob:reviews/iteration-0.json", """
                        {"Overall": 5, "RubricVersion": "v1", "Agreement": {"members": 3, "meanWithinOne": 0.5},
                         "Absent": [{"Seat": "reviewer 2", "Reason": "503"}]}""",
                "blob:reviews/iteration-1.json", """
                        {"Overall": 6, "RubricVersion": "v1", "Agreement": {"members": 3, "meanWithinOne": 1.0}}""");

        ObjectNode panel = Json.mapper().valueToTree(PanelFigures.of(List.of(review("reviews/iteration-0.json"),
                review("reviews/iteration-1.json")), ref -> saved.get(ref.getUri())).orElseThrow());

        assertThat(panel.at("/reviews/0/review").asString()).isEqualTo("reviews/iteration-0.json");
        assertThat(panel.at("/reviews/0/rubricVersion").asString()).isEqualTo("v1");
        assertThat(panel.at("/reviews/0/agreement/members").asInt()).isEqualTo(3);
        assertThat(panel.at("/reviews/0/absent/0/Seat").asString()).isEqualTo("reviewer 2");
        assertThat(panel.at("/reviews/1/absent").isMissingNode()).isTrue();
        assertThat(panel.get("meanWithinOne").asDouble()).isEqualTo(0.75);
    }

    @Test
    void a_single_model_reviewer_records_its_rubric_version_without_agreement() {
        ObjectNode panel = Json.mapper().valueToTree(PanelFigures.of(List.of(review("reviews/iteration-0.json")),
                ref -> "{\"Overall\": 5, \"RubricVersion\": \"v1\"}").orElseThrow());

        assertThat(panel.at("/reviews/0/rubricVersion").asString()).isEqualTo("v1");
        assertThat(panel.get("meanWithinOne").isNull()).isTrue();
    }

    @Test
    void offline_reviews_add_no_panel_block() {
        assertThat(PanelFigures.of(List.of(review("reviews/iteration-0.json")),
                ref -> "{\"Overall\": 3, \"RubricVersion\": null}")).isEmpty();
        assertThat(PanelFigures.of(List.of(review("r")), ref -> "not json")).isEmpty();
    }
}
