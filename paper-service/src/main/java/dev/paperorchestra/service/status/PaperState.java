package dev.paperorchestra.service.status;

/**
 * Where a paper is, as the API reports it. AWAITING_APPROVAL: stopped at an approval gate, waiting for a person.
 * COMPLETED: written and complete. INCOMPLETE: written, but without a PDF or with a gate or check that failed (the
 * view's shortfalls say which), the paper po run and po bench exit non-zero for.
 */
public enum PaperState {
    SUBMITTED, RUNNING, AWAITING_APPROVAL, COMPLETED, INCOMPLETE, FAILED, CANCELLED;

    /** COMPLETED, INCOMPLETE, FAILED and CANCELLED: nothing changes the paper's outcome any more. */
    public boolean isFinal() {
        return this == COMPLETED || this == INCOMPLETE || this == FAILED || this == CANCELLED;
    }

    /** COMPLETED and INCOMPLETE: the paper's outputs are written. */
    public boolean isWritten() {
        return this == COMPLETED || this == INCOMPLETE;
    }
}
