package dev.paperorchestra.refine.completion;

import dev.paperorchestra.schemas.ArtifactRef;
import dev.paperorchestra.schemas.NamedArtifact;
import dev.paperorchestra.schemas.PaperVersion;
import dev.paperorchestra.schemas.RefinementState;
import dev.paperorchestra.schemas.ReviewedVersion;
import java.util.ArrayList;
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

    /** Every version kept, oldest first, ending with the one the paper completes with. */
    public List<PaperVersion> keptVersions() {
        return keptWith(state.getKept(), best.getPaper());
    }

    /**
     * The kept versions with this one last, unless it is last already (a revert completes with the version kept
     * before) or has the last one's LaTeX (an offline revision changes nothing and ties). Only versions that were the
     * best at some point and changed the text belong here: the console diffs consecutive ones.
     */
    public static List<PaperVersion> keptWith(List<PaperVersion> kept, PaperVersion version) {
        if (!kept.isEmpty() && (kept.getLast().getVersion() == version.getVersion()
                || kept.getLast().getTex().equals(version.getTex()))) {
            return List.copyOf(kept);
        }
        List<PaperVersion> with = new ArrayList<>(kept);
        with.add(version);
        return List.copyOf(with);
    }
}
