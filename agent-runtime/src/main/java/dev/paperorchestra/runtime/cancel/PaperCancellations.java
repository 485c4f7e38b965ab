package dev.paperorchestra.runtime.cancel;

import dev.paperorchestra.gateway.CancelCheck;

/** Which papers their submitter has cancelled, as far as this instance has read the cancel markers. */
public interface PaperCancellations extends CancelCheck {

    /** Nothing is ever cancelled: for tools and tests that run without the cancel topic. */
    PaperCancellations NONE = paperId -> false;

    boolean isCancelled(String paperId);

    /**
     * Stops the caller's step when the paper is cancelled.
     *
     * @throws PaperCancelledException when it is
     */
    @Override
    default void checkNotCancelled(String paperId, String before) {
        if (isCancelled(paperId)) {
            throw new PaperCancelledException(paperId, before);
        }
    }
}
