package dev.paperorchestra.service.cancel;

/** The paper has already completed, failed or been cancelled: there is nothing left to cancel. */
public class PaperFinishedException extends RuntimeException {

    public PaperFinishedException(String paperId, String state) {
        super("paper " + paperId + " is already " + state + "; only a paper still running can be cancelled");
    }
}
