package dev.paperorchestra.service.intake;

/** A paper with the requested id exists already; ids are never reused. */
public class PaperIdTakenException extends RuntimeException {

    public PaperIdTakenException(String paperId) {
        super("a paper with id " + paperId + " exists already; choose another paperId or leave it out");
    }
}
