package dev.paperorchestra.reviewer.review;

import dev.paperorchestra.reviewer.rubric.RubricAssessment;
import dev.paperorchestra.reviewer.synthesis.Judgement;
import dev.paperorchestra.schemas.ReviewScores;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * One model reviewer's review: the format's review (whose scores the acceptance rule reads) with its rubric
 * scores and evidence, and which seat of the panel wrote it.
 *
 * @param review the review in the configured format
 * @param rubric its per-criterion scores with evidence and points
 * @param seat   the member's name in the panel ("reviewer 2 of 3", or provider:model (focus))
 * @param focus  what the member read for first
 */
public record MemberReview(Review.Single review, RubricAssessment rubric, String seat, String focus)
        implements Review {

    @Override
    public ReviewScores scores() {
        return review.scores();
    }

    @Override
    public ObjectNode toJson() {
        ObjectNode json = review.toJson();
        json.put("Seat", seat);
        json.put("Focus", focus);
        json.put("RubricVersion", rubric.rubricVersion());
        json.set("Rubric", rubric.toJson());
        return json;
    }

    @Override
    public String generatedBy() {
        return review.generatedBy();
    }

    /**
     * Reads a member's review back from its saved form ({@link #toJson()}), as the panel gatherer does with the
     * reviews its members stored.
     *
     * @throws IllegalArgumentException when the JSON is not a saved member review of this format
     */
    public static MemberReview fromSaved(JsonNode json, ReviewFormat format) {
        String generatedBy = ConferenceReview.text(json, "GeneratedBy");
        Review.Single review = format == ReviewFormat.CONFERENCE ? ConferenceReview.fromJson(json, generatedBy)
                : AgentReview.fromJson(json, generatedBy);
        return new MemberReview(review, RubricAssessment.fromSaved(json.get("Rubric")),
                ConferenceReview.text(json, "Seat"), ConferenceReview.text(json, "Focus"));
    }

    /** The member's verdict as the meta-review and the agreement figures read it. */
    public Judgement judgement() {
        return new Judgement(seat, rubric, review.overall(), review.decision());
    }
}
