package dev.paperorchestra.refine.loop;

import dev.paperorchestra.schemas.PaperCompletedEvent;
import dev.paperorchestra.schemas.ReviewRequestedEvent;

/** What the loop does after a review: ask for the next one, or finish the paper. */
public sealed interface LoopStep {

    /**
     * Review the next revision.
     *
     * @param note progress line for paper-status
     */
    record Continue(ReviewRequestedEvent request, String note) implements LoopStep {
    }

    /**
     * The paper is final.
     *
     * @param message completion line for paper-status
     */
    record Complete(PaperCompletedEvent completed, String message) implements LoopStep {
    }
}
