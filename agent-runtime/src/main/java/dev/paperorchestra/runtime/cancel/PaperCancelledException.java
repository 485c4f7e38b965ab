package dev.paperorchestra.runtime.cancel;

import dev.paperorchestra.base.errors.PermanentException;

/**
 * The paper was cancelled while a step worked on it. Permanent, so the record is not retried; the dead-letter
 * recoverer recognises it and acknowledges the record without a dead letter or a FAILED status, since the
 * paper service has already marked the paper CANCELLED.
 */
public class PaperCancelledException extends PermanentException {

    private final String paperId;

    public PaperCancelledException(String paperId, String before) {
        super("paper " + paperId + " was cancelled; stopped before " + before);
        this.paperId = paperId;
    }

    public String paperId() {
        return paperId;
    }

    /** True when the failure, or any of its causes, is a cancellation. */
    public static boolean isCancellation(Throwable failure) {
        for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
            if (cause instanceof PaperCancelledException) {
                return true;
            }
        }
        return false;
    }
}
