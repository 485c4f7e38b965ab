package dev.paperorchestra.gateway;

/**
 * Asked before every model call: a paper its submitter cancelled pays for no more calls. The gateway owns this
 * port; an agent's paper cancellations (read from the cancel topic) are one.
 */
@FunctionalInterface
public interface CancelCheck {

    /** Nothing is ever cancelled: for tools and tests that run without the cancel topic. */
    CancelCheck NEVER = (paperId, before) -> {
    };

    /** Stops the call (with a permanent failure of the implementor's choosing) when the paper is cancelled. */
    void checkNotCancelled(String paperId, String before);
}
