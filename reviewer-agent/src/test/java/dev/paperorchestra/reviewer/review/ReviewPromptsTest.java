package dev.paperorchestra.reviewer.review;

import static org.assertj.core.api.Assertions.assertThat;

import com.networknt.schema.Error;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import dev.paperorchestra.base.json.Json;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The answer schemas as the gateway validates them: a decision that contradicts the score is a schema repair. */
class ReviewPromptsTest {

    private static List<Error> violations(String schema, String answer) {
        return SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12)
                .getSchema(Json.mapper().readTree(schema)).validate(Json.mapper().readTree(answer));
    }

    private static String conference(int overall, String decision) {
        return """
                {"Summary": "s", "Strengths": [], "Weaknesses": [], "Questions": [], "Limitations": [],
                 "Ethical Concerns": false, "Originality": 2, "Quality": 2, "Clarity": 2, "Significance": 2,
                 "Soundness": 2, "Presentation": 2, "Contribution": 2, "Overall": %d, "Confidence": 3,
                 "Decision": "%s"}""".formatted(overall, decision);
    }

    private static String agentReview(int overall, String decision) {
        return """
                {"Summary": "s", "Strengths": [], "Weaknesses": [], "Questions": [], "Novelty": 5, "Soundness": 5,
                 "Clarity": 5, "Significance": 5, "Overall": %d, "Confidence": 3, "Decision": "%s"}"""
                .formatted(overall, decision);
    }

    @Test
    void a_conference_decision_that_contradicts_its_overall_score_violates_the_schema() {
        assertThat(violations(ReviewPrompts.CONFERENCE_SCHEMA, conference(3, "Accept"))).isNotEmpty()
                .anySatisfy(error -> assertThat(error.getInstanceLocation().toString()).contains("Decision"));
        assertThat(violations(ReviewPrompts.CONFERENCE_SCHEMA, conference(7, "Reject"))).isNotEmpty();
        assertThat(violations(ReviewPrompts.CONFERENCE_SCHEMA, conference(3, "Reject"))).isEmpty();
        assertThat(violations(ReviewPrompts.CONFERENCE_SCHEMA, conference(5, "Accept"))).isEmpty();
    }

    @Test
    void an_agent_review_accepts_from_six_and_rejects_below() {
        assertThat(violations(ReviewPrompts.AGENT_REVIEW_SCHEMA, agentReview(5, "Accept"))).isNotEmpty();
        assertThat(violations(ReviewPrompts.AGENT_REVIEW_SCHEMA, agentReview(5, "Reject"))).isEmpty();
        assertThat(violations(ReviewPrompts.AGENT_REVIEW_SCHEMA, agentReview(6, "Accept"))).isEmpty();
        assertThat(violations(ReviewPrompts.AGENT_REVIEW_SCHEMA, agentReview(8, "Reject"))).isNotEmpty();
    }
}
