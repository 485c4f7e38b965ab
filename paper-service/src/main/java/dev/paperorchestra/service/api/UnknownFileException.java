package dev.paperorchestra.service.api;

/** The paper has no such output (yet: outputs exist once the paper has completed). */
class UnknownFileException extends RuntimeException {

    UnknownFileException(String paperId, String name) {
        super("paper " + paperId + " has no output " + name + " (outputs exist once the paper has completed)");
    }
}
