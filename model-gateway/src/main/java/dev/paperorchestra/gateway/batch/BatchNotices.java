package dev.paperorchestra.gateway.batch;

/**
 * Tells a paper's followers that one of its calls waits in a sent batch (agent-runtime writes it to the paper's
 * status as a notice), so a paper that waits hours for its provider shows why, since when and until when.
 */
@FunctionalInterface
public interface BatchNotices {

    /** Tells nothing: tools and tests. */
    BatchNotices NONE = (paperId, message) -> {
    };

    void waiting(String paperId, String message);
}
