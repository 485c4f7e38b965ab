package dev.paperorchestra.service.status;

/** No paper has this id in the status view. */
public class UnknownPaperException extends RuntimeException {

    public UnknownPaperException(String paperId) {
        super("no paper " + paperId);
    }
}
