package dev.paperorchestra.reviewer.review;

import dev.paperorchestra.schemas.ReviewScores;
import java.util.LinkedHashMap;
import java.util.Map;
import tools.jackson.databind.node.ObjectNode;

/** A finished review in one of the configured formats, or a panel's aggregate of several. */
public sealed interface Review permits Review.Single, PanelReview {

    /** The numbers the refinement loop's acceptance rule reads. */
    ReviewScores scores();

    /** The review as saved under reviews/, in its format's field names. */
    ObjectNode toJson();

    /** The offline label, provider/model, or the panel's members. */
    String generatedBy();

    /** One reviewer's review: its scores are its own overall, decision and sub-axes. */
    sealed interface Single extends Review permits ConferenceReview, AgentReview {

        int overall();

        String decision();

        /** Sub-axis scores by name, in the format's order. */
        Map<String, Integer> subScores();

        @Override
        default ReviewScores scores() {
            Map<String, Double> sub = new LinkedHashMap<>();
            subScores().forEach((axis, score) -> sub.put(axis, (double) score));
            return ReviewScores.newBuilder().setOverall(overall()).setSubScores(sub).setDecision(decision()).build();
        }
    }
}
