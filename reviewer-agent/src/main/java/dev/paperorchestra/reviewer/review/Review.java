package dev.paperorchestra.reviewer.review;

import dev.paperorchestra.schemas.ReviewScores;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.node.ObjectNode;

/** A finished review in one of the configured formats, or a panel's aggregate of several. */
public sealed interface Review permits Review.Single, MemberReview, PanelReview {

    /** The numbers the refinement loop's acceptance rule reads. */
    ReviewScores scores();

    /** The review as saved under reviews/, in its format's field names. */
    ObjectNode toJson();

    /** The offline label, provider/model, or the panel's members. */
    String generatedBy();

    /** One reviewer's review: its scores are its own overall, decision and sub-axes. */
    sealed interface Single extends Review permits ConferenceReview, AgentReview {

        int overall();

        int confidence();

        String decision();

        /** Sub-axis scores by name, in the format's order. */
        Map<String, Integer> subScores();

        /**
         * Checks what both formats share: each sub-axis within 1..{@code axisMax}, Overall 1-10, Confidence 1-5
         * and an Accept/Reject decision.
         *
         * @throws IllegalArgumentException naming the first field out of range
         */
        static void checkScores(List<String> axisNames, int[] axes, int axisMax, int overall, int confidence,
                String decision) {
            for (int i = 0; i < axes.length; i++) {
                ConferenceReview.requireRange(axisNames.get(i), axes[i], 1, axisMax);
            }
            ConferenceReview.requireRange("Overall", overall, 1, 10);
            ConferenceReview.requireRange("Confidence", confidence, 1, 5);
            if (!decision.equals(ConferenceReview.ACCEPT) && !decision.equals(ConferenceReview.REJECT)) {
                throw new IllegalArgumentException("Decision must be Accept or Reject, was '" + decision + "'");
            }
        }

        /** Writes the scores, decision and origin under the format's field names. */
        default void putScores(ObjectNode json) {
            subScores().forEach(json::put);
            json.put("Overall", overall());
            json.put("Confidence", confidence());
            json.put("Decision", decision());
            json.put("GeneratedBy", generatedBy());
        }

        @Override
        default ReviewScores scores() {
            Map<String, Double> sub = new LinkedHashMap<>();
            subScores().forEach((axis, score) -> sub.put(axis, (double) score));
            return ReviewScores.newBuilder().setOverall(overall()).setSubScores(sub).setDecision(decision()).build();
        }
    }
}
