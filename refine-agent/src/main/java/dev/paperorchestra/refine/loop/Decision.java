package dev.paperorchestra.refine.loop;

/** What the acceptance rule decided about a revision, with the numbers that decided it. */
public sealed interface Decision {

    /** A sentence naming the numbers, e.g. "overall 6 -> 6, sub-axes +1: kept". */
    String reason();

    /** Keep the revision as the new best version. */
    record Accept(String reason) implements Decision {
    }

    /** Discard the revision, go back to the previous version and stop. */
    record Revert(String reason) implements Decision {
    }
}
