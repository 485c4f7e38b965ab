package dev.paperorchestra.refine.check;

import dev.paperorchestra.schemas.PaperVersion;
import java.util.List;

/** Whether a revision may be reviewed. */
public sealed interface CheckedRevision {

    /** Every check held; the version is stored (LaTeX, and the PDF when it compiled). */
    record Passed(PaperVersion version) implements CheckedRevision {
    }

    /**
     * At least one check failed; the revision is rejected without a review.
     *
     * @param failures one line per failed check, naming what failed and where
     */
    record Failed(List<String> failures) implements CheckedRevision {

        public Failed {
            failures = List.copyOf(failures);
        }
    }
}
