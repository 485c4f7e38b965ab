package dev.paperorchestra.refine.completion;

import dev.paperorchestra.runtime.json.Json;
import dev.paperorchestra.schemas.ArtifactRef;
import dev.paperorchestra.schemas.NamedArtifact;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * summary.json's {@code refinement.panel}: the reviewer panel's agreement figures as each saved review recorded
 * them (per-criterion spread, pairwise agreement, panel against single-reviewer decisions), the seats left out,
 * and the mean over the reviews; plus the rubric version of every review. Read from the saved reviews, so the
 * summary says nothing the reviews do not.
 */
final class PanelFigures {

    private PanelFigures() {
    }

    /** The block, or empty when no review carries a rubric version or agreement figures (offline papers). */
    static Optional<ObjectNode> of(List<NamedArtifact> reviews, Function<ArtifactRef, String> read) {
        ObjectNode panel = Json.mapper().createObjectNode();
        ArrayNode perReview = panel.putArray("reviews");
        double withinOne = 0;
        int counted = 0;
        boolean any = false;
        for (NamedArtifact review : reviews) {
            JsonNode json;
            try {
                json = Json.mapper().readTree(read.apply(review.getArtifact()));
            } catch (JacksonException e) {
                continue;
            }
            JsonNode version = json.path("RubricVersion");
            JsonNode agreement = json.path("Agreement");
            if (!version.isString() && agreement.isMissingNode()) {
                continue;
            }
            any = true;
            ObjectNode entry = perReview.addObject().put("review", review.getName());
            if (version.isString()) {
                entry.put("rubricVersion", version.asString());
            }
            if (agreement.isObject()) {
                entry.set("agreement", agreement);
                if (agreement.path("meanWithinOne").isNumber()) {
                    withinOne += agreement.path("meanWithinOne").asDouble();
                    counted++;
                }
            }
            if (json.path("Absent").isArray()) {
                entry.set("absent", json.path("Absent"));
            }
        }
        if (!any) {
            return Optional.empty();
        }
        if (counted > 0) {
            panel.put("meanWithinOne", Math.round(withinOne / counted * 10_000) / 10_000.0);
        } else {
            panel.putNull("meanWithinOne");
        }
        return Optional.of(panel);
    }
}
