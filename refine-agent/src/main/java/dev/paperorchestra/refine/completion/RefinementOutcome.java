package dev.paperorchestra.refine.completion;

import dev.paperorchestra.schemas.ArtifactRef;
import dev.paperorchestra.schemas.NamedArtifact;
import dev.paperorchestra.schemas.RefinementState;
import dev.paperorchestra.schemas.ReviewedVersion;
import java.util.List;

/**
 * How the loop ended for one paper.
 *
 * @param state      the loop state of the last review
 * @param best       the version kept, with its review
 * @param reviews    every review, named reviews/iteration-N.json
 * @param worklog    worklog.json as finally written (an empty list when nothing was revised)
 * @param decisions  the decision of every iteration and why the loop stopped, in order
 * @param iterations revisions made (reviewed, or rejected by their checks)
 * @param iterationLimit the iteration limit the loop ran under, so its decisions can be recomputed
 */
public record RefinementOutcome(RefinementState state, ReviewedVersion best, List<NamedArtifact> reviews,
        ArtifactRef worklog, List<String> decisions, int iterations, int iterationLimit) {

    public RefinementOutcome {
        reviews = List.copyOf(reviews);
        decisions = List.copyOf(decisions);
    }
}
