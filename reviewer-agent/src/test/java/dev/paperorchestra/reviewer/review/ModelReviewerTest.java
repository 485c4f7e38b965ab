package dev.paperorchestra.reviewer.review;

import static dev.paperorchestra.reviewer.ScriptedReviewerGateway.conference;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.paperorchestra.reviewer.ScriptedReviewerGateway;
import dev.paperorchestra.base.errors.PermanentException;
import dev.paperorchestra.base.json.Json;
import dev.paperorchestra.gateway.LlmRole;
import dev.paperorchestra.schemas.CompileReport;
import dev.paperorchestra.schemas.CompileStatus;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.List;
import java.util.Set;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.PDPage;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

class ModelReviewerTest {

    private static final dev.paperorchestra.reviewer.rubric.Rubric RUBRIC =
            dev.paperorchestra.reviewer.rubric.Rubric.load("v1");

    private static final CompileReport COMPILED = CompileReport.newBuilder().setStatus(CompileStatus.COMPILED)
            .setMessage("PDF 3 pages").setPageCount(3).build();

    private static ReviewInput input(byte[] pdf) {
        return new ReviewInput("paper-1", 1, 1, "\\begin{document}x\\end{document}", COMPILED,
                List.of("Introduction"), 8, Set.of(), pdf);
    }

    private static byte[] pdf(int pages) throws IOException {
        try (PDDocument document = new PDDocument(); ByteArrayOutputStream out = new ByteArrayOutputStream()) {
            for (int i = 0; i < pages; i++) {
                document.addPage(new PDPage());
            }
            document.save(out);
            return out.toByteArray();
        }
    }

    private static ModelReviewer reviewer(ScriptedReviewerGateway gateway, ReviewFormat format, int panel,
            int pageImages) {
        return new ModelReviewer(gateway, "reviewer-agent", new ModelReviewer.Settings(format, 0.75, panel, 0.2),
                new ReviewPageImages(pageImages, 50));
    }

    @Test
    void sends_the_conference_schema_at_the_reference_temperature_with_capped_page_images() throws IOException {
        ScriptedReviewerGateway gateway = new ScriptedReviewerGateway(List.of(conference(5, 2)));

        Review review = reviewer(gateway, ReviewFormat.CONFERENCE, 1, 2).review(input(pdf(3)));

        assertThat(gateway.requests()).singleElement().satisfies(request -> {
            assertThat(request.role()).isEqualTo(LlmRole.REVIEWER);
            assertThat(request.temperature()).isEqualTo(0.75);
            assertThat(request.jsonSchema()).isEqualTo(ReviewPrompts.schema(ReviewFormat.CONFERENCE, RUBRIC))
                    .contains("\"Ethical Concerns\":{\"type\":\"boolean\"}", "\"enum\":[\"Accept\",\"Reject\"]");
            assertThat(request.images()).hasSize(2).allSatisfy(image -> {
                assertThat(image.mediaType()).isEqualTo("image/png");
                assertThat(image.content()).startsWith((byte) 0x89, (byte) 'P', (byte) 'N', (byte) 'G');
            });
            assertThat(request.user()).contains("first 2 pages", "\\begin{document}x\\end{document}");
        });
        assertThat(review).isInstanceOfSatisfying(MemberReview.class, member -> {
            assertThat(member.review()).isInstanceOf(ConferenceReview.class);
            assertThat(member.rubric().rubricVersion()).isEqualTo("v1");
        });
        assertThat(review.scores().getOverall()).isEqualTo(5.0);
        assertThat(review.generatedBy()).isEqualTo("scripted/reviewer-1");
    }

    @Test
    void both_answer_schemas_are_json_schemas_requiring_every_field_of_their_format() {
        JsonNode conference = Json.mapper().readTree(ReviewPrompts.CONFERENCE_SCHEMA);
        JsonNode agentReview = Json.mapper().readTree(ReviewPrompts.AGENT_REVIEW_SCHEMA);

        assertThat(conference.get("required")).extracting(JsonNode::asString).containsExactlyInAnyOrder("Summary",
                "Strengths", "Weaknesses", "Questions", "Limitations", "Ethical Concerns", "Originality", "Quality",
                "Clarity", "Significance", "Soundness", "Presentation", "Contribution", "Overall", "Confidence",
                "Decision");
        assertThat(conference.at("/properties/Soundness/maximum").asInt()).isEqualTo(4);
        assertThat(conference.at("/properties/Confidence/maximum").asInt()).isEqualTo(5);
        assertThat(agentReview.get("required")).extracting(JsonNode::asString).contains("Novelty", "Overall");
        assertThat(agentReview.at("/properties/Soundness/maximum").asInt()).isEqualTo(10);
    }

    @Test
    void sends_no_images_when_page_images_are_off_or_the_version_has_no_pdf() throws IOException {
        ScriptedReviewerGateway gateway = new ScriptedReviewerGateway(List.of(conference(5, 2), conference(5, 2)));

        reviewer(gateway, ReviewFormat.CONFERENCE, 1, 0).review(input(pdf(2)));
        reviewer(gateway, ReviewFormat.CONFERENCE, 1, 4).review(input(null));

        assertThat(gateway.requests()).allSatisfy(request -> assertThat(request.images()).isEmpty());
    }

    @Test
    void reads_an_agent_review_with_four_anchored_sub_axes() {
        ScriptedReviewerGateway gateway = new ScriptedReviewerGateway(List.of("""
                {"Summary": "s", "Strengths": [], "Weaknesses": ["w"], "Questions": [], "Novelty": 4,
                 "Soundness": 5, "Clarity": 6, "Significance": 3, "Overall": 5, "Confidence": 3,
                 "Decision": "Reject", "Rubric": %s}""".formatted(ScriptedReviewerGateway.rubric(2, java.util.Map.of()))));

        Review review = reviewer(gateway, ReviewFormat.AGENT_REVIEW, 1, 0).review(input(null));

        assertThat(gateway.requests().getFirst().jsonSchema())
                .isEqualTo(ReviewPrompts.schema(ReviewFormat.AGENT_REVIEW, RUBRIC));
        assertThat(gateway.requests().getFirst().system()).contains("5 or below");
        assertThat(review.scores().getSubScores()).containsOnly(java.util.Map.entry("Novelty", 4.0),
                java.util.Map.entry("Soundness", 5.0), java.util.Map.entry("Clarity", 6.0),
                java.util.Map.entry("Significance", 3.0));
    }

    @Test
    void a_panel_reviews_independently_at_spread_temperatures_and_takes_the_median_of_every_axis() {
        ScriptedReviewerGateway gateway = new ScriptedReviewerGateway(List.of(conference(4, 2), conference(7, 3),
                conference(6, 4)));

        Review review = reviewer(gateway, ReviewFormat.CONFERENCE, 3, 0).review(input(null));

        assertThat(gateway.requests()).extracting(request -> request.temperature())
                .containsExactly(0.65, 0.75, 0.85);
        // the paper leads every seat's prompt (one cached prefix); the seat's own line comes last
        assertThat(gateway.requests()).extracting(request -> request.user().lines().reduce((a, b) -> b).orElseThrow())
                .containsExactly("You are reviewer 1 of 3; review independently.",
                        "You are reviewer 2 of 3; review independently.",
                        "You are reviewer 3 of 3; review independently.");
        assertThat(review.scores().getOverall()).isEqualTo(6.0);
        assertThat(review.scores().getSubScores()).containsEntry("Clarity", 3.0).hasSize(7);
        assertThat(review.scores().getDecision()).isEqualTo("Accept");
        assertThat(review.toJson().at("/Aggregation/axes/Overall/values")).extracting(node -> node.asDouble())
                .containsExactly(4.0, 7.0, 6.0);
        assertThat(review.toJson().at("/Aggregation/method").asString()).isEqualTo("median");
        assertThat(review.toJson().get("Members")).hasSize(3);
    }

    @Test
    void an_answer_that_breaks_a_rule_beyond_the_schema_fails_with_the_paper_and_version() {
        ScriptedReviewerGateway gateway = new ScriptedReviewerGateway(List.of("{\"Summary\": \"s\"}"));

        assertThatThrownBy(() -> reviewer(gateway, ReviewFormat.CONFERENCE, 1, 0).review(input(null)))
                .isInstanceOf(PermanentException.class)
                .hasMessageContaining("paper paper-1").hasMessageContaining("version 1")
                .hasMessageContaining("field 'Strengths' is missing");
    }
}
