package dev.paperorchestra.service.status;

/** Where a paper is, as the API reports it. */
public enum PaperState {
    SUBMITTED, RUNNING, COMPLETED, FAILED, CANCELLED;

    /** COMPLETED, FAILED and CANCELLED: nothing changes the paper's outcome any more. */
    public boolean isFinal() {
        return this == COMPLETED || this == FAILED || this == CANCELLED;
    }
}
