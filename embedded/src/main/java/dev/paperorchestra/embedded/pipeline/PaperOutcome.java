package dev.paperorchestra.embedded.pipeline;

import dev.paperorchestra.schemas.PaperCompletedEvent;

/** How a submitted paper ended. */
public sealed interface PaperOutcome {

    record Completed(PaperCompletedEvent event) implements PaperOutcome {
    }

    record Failed(String stage, String reason) implements PaperOutcome {
    }

    record TimedOut(String lastStage) implements PaperOutcome {
    }

    /** Cancelled by its submitter (e.g. {@code po cancel} against {@code po serve}). */
    record Cancelled(String reason) implements PaperOutcome {
    }
}
