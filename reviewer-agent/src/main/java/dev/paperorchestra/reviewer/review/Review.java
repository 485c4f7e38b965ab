package dev.paperorchestra.reviewer.review;

import dev.paperorchestra.schemas.ReviewScores;
import tools.jackson.databind.node.ObjectNode;

/** A finished review in one of the configured formats, or a panel's aggregate of several. */
public sealed interface Review permits ConferenceReview, AgentReview, PanelReview {

    /** The numbers the refinement loop's acceptance rule reads. */
    ReviewScores scores();

    /** The review as saved under reviews/, in its format's field names. */
    ObjectNode toJson();

    /** The offline label, provider/model, or the panel's members. */
    String generatedBy();
}
