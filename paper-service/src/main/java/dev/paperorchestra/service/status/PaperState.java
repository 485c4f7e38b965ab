package dev.paperorchestra.service.status;

/** Where a paper is, as the API reports it; AWAITING_APPROVAL: stopped at an approval gate, waiting for a person. */
public enum PaperState {
    SUBMITTED, RUNNING, AWAITING_APPROVAL, COMPLETED, FAILED, CANCELLED;

    /** COMPLETED, FAILED and CANCELLED: nothing changes the paper's outcome any more. */
    public boolean isFinal() {
        return this == COMPLETED || this == FAILED || this == CANCELLED;
    }
}
