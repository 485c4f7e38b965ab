package dev.paperorchestra.gateway.usage;

import java.time.Duration;

/** Where gateways record calls and read what a paper has spent, across every agent of a deployment. */
public interface UsageLedger {

    void record(LlmUsage usage);

    PaperUsage usage(String paperId);

    /**
     * Waits until calls recorded elsewhere before this moment are visible here, at most {@code timeout};
     * returns false when they may not all be. Readers of final totals (summary.json) call this first.
     */
    default boolean awaitCaughtUp(Duration timeout) {
        return true;
    }
}
