package dev.paperorchestra.cli.run;

import dev.paperorchestra.cli.state.PaperRegistry;
import dev.paperorchestra.runtime.kafka.PaperIds;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * One paper id, one paper: which paper this run is, given the id asked for (if any), the digest of its materials
 * and options, and what the state directory already knows.
 */
sealed interface PaperIdDecision {

    String paperId();

    /** A new paper: submit it. */
    record Submit(String paperId) implements PaperIdDecision {
    }

    /** The same materials and options as an earlier run of this id: do not submit again, follow that paper. */
    record Follow(String paperId, PaperRegistry.State previous) implements PaperIdDecision {

        /** What the user is told: whether the earlier result is returned or the paper resumed. */
        String notice() {
            return switch (previous) {
                case COMPLETED, FAILED -> "paper " + paperId + " was run before with the same materials and options "
                        + "and " + (previous == PaperRegistry.State.COMPLETED ? "completed" : "failed")
                        + ": returning that result without running it again (use another --paper-id to run anew)";
                case SUBMITTED -> "paper " + paperId + " was submitted before with the same materials and options "
                        + "and did not finish: resuming it where it stopped";
            };
        }
    }

    /**
     * @param requested the id given on the command line, or null
     * @param generated the id to use when none was given
     * @throws IllegalArgumentException when the requested id is not a valid id, or already names a paper with
     *                                  other materials or options
     */
    static PaperIdDecision decide(@Nullable String requested, String generated, String digest,
            PaperRegistry registry) {
        if (requested != null) {
            String id = PaperIds.requireValid(requested);
            Optional<PaperRegistry.Entry> earlier = registry.find(id);
            if (earlier.isEmpty()) {
                return new Submit(id);
            }
            if (earlier.get().digest().equals(digest)) {
                return new Follow(id, earlier.get().state());
            }
            throw new IllegalArgumentException("paper id " + id + " already names another paper in this state "
                    + "directory (made from different materials or options); give another --paper-id, or leave it "
                    + "out to get a new one");
        }
        String id = PaperIds.requireValid(generated);
        for (int n = 2; ; n++) {
            Optional<PaperRegistry.Entry> earlier = registry.find(id);
            if (earlier.isEmpty()) {
                return new Submit(id);
            }
            if (earlier.get().digest().equals(digest)) {
                return new Follow(id, earlier.get().state());
            }
            id = PaperIds.alternative(generated, n);
        }
    }
}
