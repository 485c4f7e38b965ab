package dev.paperorchestra.refine.completion;

import dev.paperorchestra.model.summary.RunSummary;
import dev.paperorchestra.base.json.Json;
import dev.paperorchestra.schemas.ArtifactRef;
import dev.paperorchestra.schemas.NamedArtifact;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;

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
    static Optional<RunSummary.Panel> of(List<NamedArtifact> reviews, Function<ArtifactRef, String> read) {
        List<RunSummary.PanelReview> perReview = new ArrayList<>();
        double withinOne = 0;
        int counted = 0;
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
            if (agreement.isObject() && agreement.path("meanWithinOne").isNumber()) {
                withinOne += agreement.path("meanWithinOne").asDouble();
                counted++;
            }
            perReview.add(new RunSummary.PanelReview(review.getName(), version.isString() ? version.asString() : null,
                    agreement.isObject() ? agreement : null, json.path("Absent").isArray() ? json.path("Absent") : null));
        }
        if (perReview.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(new RunSummary.Panel(perReview,
                counted > 0 ? Math.round(withinOne / counted * 10_000) / 10_000.0 : null));
    }
}
