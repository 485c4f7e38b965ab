package dev.paperorchestra.reviewer.review;

import static dev.paperorchestra.reviewer.ScriptedReviewerGateway.FAIL;
import static dev.paperorchestra.reviewer.ScriptedReviewerGateway.conference;
import static dev.paperorchestra.reviewer.ScriptedReviewerGateway.points;
import static dev.paperorchestra.reviewer.ScriptedReviewerGateway.rubric;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.paperorchestra.reviewer.ScriptedReviewerGateway;
import dev.paperorchestra.reviewer.panel.ReviewerFocus;
import dev.paperorchestra.reviewer.rubric.Rubric;
import dev.paperorchestra.base.errors.PermanentException;
import dev.paperorchestra.base.errors.RetriableException;
import dev.paperorchestra.base.json.Json;
import dev.paperorchestra.schemas.CompileReport;
import dev.paperorchestra.schemas.CompileStatus;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/** A panel of members with their own providers, focus and rubric scores. */
class PanelReviewerTest {

    private static final Rubric RUBRIC = Rubric.load("v1");
    private static final CompileReport COMPILED = CompileReport.newBuilder().setStatus(CompileStatus.COMPILED)
            .setMessage("PDF 3 pages").setPageCount(3).build();
    private static final String TEX = "\\begin{document}\\section{Experiments}We report \\textbf{the ablation in "
            + "Section 4} on two datasets.\\end{document}";

    private static ReviewInput input() {
        return new ReviewInput("paper-1", 1, 2, TEX, COMPILED, List.of("Introduction"), 8, Set.of(), null);
    }

    private static ModelReviewer.Seat seat(String name, ScriptedReviewerGateway gateway, ReviewerFocus focus) {
        return new ModelReviewer.Seat(name, gateway, focus, 0.75);
    }

    private static ModelReviewer panel(int quorum, ModelReviewer.Seat... seats) {
        return new ModelReviewer("reviewer-agent", ReviewFormat.CONFERENCE, RUBRIC, List.of(seats), quorum, 2,
                new ReviewPageImages(0, 50));
    }

    @Test
    void each_member_is_asked_through_its_own_gateway_with_its_focus_and_the_rubric() {
        ScriptedReviewerGateway openai = new ScriptedReviewerGateway(List.of(conference(6, 3)), "gpt");
        ScriptedReviewerGateway claude = new ScriptedReviewerGateway(List.of(conference(4, 2)), "claude");

        Review review = panel(2, seat("r1", openai, ReviewerFocus.METHODS), seat("r2", claude, ReviewerFocus.CLARITY))
                .review(input());

        assertThat(openai.requests()).singleElement().satisfies(request -> {
            assertThat(request.system()).contains(ReviewerFocus.METHODS.brief(), "rubric po-review-rubric v1",
                    RUBRIC.criterion("soundness").orElseThrow().anchors().get(1));
            assertThat(Json.mapper().readTree(request.jsonSchema()).get("required")).extracting(JsonNode::asString)
                    .contains("Rubric", "Overall");
        });
        assertThat(claude.requests().getFirst().system()).contains(ReviewerFocus.CLARITY.brief())
                .doesNotContain(ReviewerFocus.METHODS.brief());
        assertThat(review.generatedBy()).isEqualTo("panel of 2: scripted/gpt, scripted/claude");
        JsonNode json = review.toJson();
        assertThat(json.get("RubricVersion").asString()).isEqualTo("v1");
        assertThat(json.at("/Members/0/Seat").asString()).isEqualTo("r1");
        assertThat(json.at("/Members/0/Focus").asString()).isEqualTo("methods");
        assertThat(json.at("/Members/1/Rubric/criteria/soundness/Score").asInt()).isEqualTo(3);
    }

    @Test
    void evidence_quotes_are_kept_with_their_page_and_marked_when_they_are_not_in_the_paper() {
        String answer = conference(5, 3).replace("\"the ablation in Section 4\"", "\"a sentence nowhere in it\"")
                .replaceFirst("\"Page\": ?4", "\"Page\":null");
        ScriptedReviewerGateway found = new ScriptedReviewerGateway(List.of(conference(5, 3)));
        ScriptedReviewerGateway missing = new ScriptedReviewerGateway(List.of(answer));

        MemberReview kept = (MemberReview) panel(1, seat("r", found, ReviewerFocus.GENERAL)).review(input());
        MemberReview invented = (MemberReview) panel(1, seat("r", missing, ReviewerFocus.GENERAL)).review(input());

        assertThat(kept.rubric().criteria()).allSatisfy(criterion -> assertThat(criterion.evidence())
                .singleElement().satisfies(evidence -> {
                    assertThat(evidence.found()).isTrue();
                    assertThat(evidence.page()).isEqualTo(4);
                }));
        assertThat(invented.rubric().criteria().getFirst().evidence().getFirst().found()).isFalse();
        assertThat(invented.rubric().criteria().getFirst().evidence().getFirst().page()).isNull();
        assertThat(invented.toJson().at("/Rubric/criteria/soundness/Evidence/0/Found").asBoolean()).isFalse();
    }

    @Test
    void a_member_whose_provider_fails_past_its_retries_is_left_out_and_named() {
        ScriptedReviewerGateway a = new ScriptedReviewerGateway(List.of(conference(6, 3)), "a");
        ScriptedReviewerGateway b = new ScriptedReviewerGateway(List.of(FAIL), "b");
        ScriptedReviewerGateway c = new ScriptedReviewerGateway(List.of(conference(4, 3)), "c");

        Review review = panel(2, seat("r1", a, ReviewerFocus.GENERAL), seat("r2", b, ReviewerFocus.GENERAL),
                seat("r3", c, ReviewerFocus.GENERAL)).review(input());

        assertThat(review).isInstanceOfSatisfying(PanelReview.class, panel -> {
            assertThat(panel.members()).hasSize(2);
            assertThat(panel.absent()).singleElement().satisfies(absence -> {
                assertThat(absence.seat()).isEqualTo("r2");
                assertThat(absence.reason()).contains("503");
            });
        });
        assertThat(review.scores().getOverall()).isEqualTo(5.0);
        assertThat(review.generatedBy()).endsWith("(1 absent: r2)");
        assertThat(review.toJson().at("/Absent/0/Seat").asString()).isEqualTo("r2");
        assertThat(review.toJson().at("/Agreement/members").asInt()).isEqualTo(2);
    }

    @Test
    void below_its_quorum_the_panel_fails_retriably_so_the_request_is_redelivered() {
        ScriptedReviewerGateway a = new ScriptedReviewerGateway(List.of(conference(6, 3)));
        ScriptedReviewerGateway b = new ScriptedReviewerGateway(List.of(FAIL));
        ScriptedReviewerGateway c = new ScriptedReviewerGateway(List.of(FAIL));

        assertThatThrownBy(() -> panel(2, seat("r1", a, ReviewerFocus.GENERAL), seat("r2", b, ReviewerFocus.GENERAL),
                seat("r3", c, ReviewerFocus.GENERAL)).review(input()))
                .isInstanceOf(RetriableException.class)
                .hasMessageContaining("only 1 of 3 reviews of version 2 arrived, the panel needs 2")
                .hasMessageContaining("r2: ").hasMessageContaining("r3: ");
    }

    @Test
    void an_answer_missing_a_rubric_criterion_fails_a_single_reviewer_and_is_left_out_of_a_panel() {
        String noClarity = conference(5, 3).replace("\"clarity\"", "\"clearness\"");
        ScriptedReviewerGateway single = new ScriptedReviewerGateway(List.of(noClarity));

        assertThatThrownBy(() -> panel(1, seat("r", single, ReviewerFocus.GENERAL)).review(input()))
                .isInstanceOf(PermanentException.class).hasMessageContaining("field 'Rubric.clarity' is missing");

        Review review = panel(1, seat("r1", new ScriptedReviewerGateway(List.of(noClarity)), ReviewerFocus.GENERAL),
                seat("r2", new ScriptedReviewerGateway(List.of(conference(5, 3))), ReviewerFocus.GENERAL))
                .review(input());
        assertThat(((PanelReview) review).absent()).singleElement()
                .satisfies(absence -> assertThat(absence.reason()).contains("Rubric.clarity"));
    }

    @Test
    void the_saved_panel_review_leads_with_the_meta_review_whose_top_point_two_reviewers_raised() {
        String[] ablation = {"Report the ablation of the depth prior separately for each dataset", "Experiments",
            "the ablation in Section 4"};
        String[] ablationAgain = {"Split the depth prior ablation per dataset", "Section 4", "ablation in Section 4"};
        String[] notation = {"Define lambda before Equation 2", "Method", ""};
        ScriptedReviewerGateway a = new ScriptedReviewerGateway(List.of(conference(6, 3,
                rubric(3, Map.of("clarity", 2), points("clarity", notation, "soundness", ablation)))));
        ScriptedReviewerGateway b = new ScriptedReviewerGateway(List.of(conference(5, 3,
                rubric(3, Map.of("clarity", 5), points("evidence", ablationAgain)))));
        ScriptedReviewerGateway c = new ScriptedReviewerGateway(List.of(conference(6, 3, rubric(4, Map.of()))));

        JsonNode json = panel(2, seat("r1", a, ReviewerFocus.CLARITY), seat("r2", b, ReviewerFocus.EVIDENCE),
                seat("r3", c, ReviewerFocus.GENERAL)).review(input()).toJson();

        assertThat(json.properties().stream().map(Map.Entry::getKey).toList())
                .containsSubsequence("GeneratedBy", "MetaReview", "Aggregation", "Agreement", "Members");
        assertThat(json.at("/MetaReview/Plan/0/Support").asInt()).isEqualTo(2);
        assertThat(json.at("/MetaReview/Plan/0/Criterion").asString()).isEqualTo("soundness");
        assertThat(json.at("/MetaReview/Plan/0/RaisedBy")).extracting(JsonNode::asString).containsExactly("r1", "r2");
        assertThat(json.at("/MetaReview/Plan/1/Request").asString()).isEqualTo("Define lambda before Equation 2");
        assertThat(json.at("/MetaReview/Disagreements/0/Criterion").asString()).isEqualTo("clarity");
        assertThat(json.at("/MetaReview/Disagreements/0/Spread").asInt()).isEqualTo(3);
        assertThat(json.at("/Agreement/criteria/clarity/spread").asInt()).isEqualTo(3);
        assertThat(json.at("/Agreement/decisions/panel").asString()).isEqualTo("Accept");
        assertThat(json.at("/Agreement/decisions/singleMatchingPanel").asInt()).isEqualTo(2);
    }
}
