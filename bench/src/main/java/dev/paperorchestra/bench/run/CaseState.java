package dev.paperorchestra.bench.run;

import java.util.Locale;

/** Where a case of a bench run stands; the journal records every change. */
public enum CaseState {
    /** Not started yet (never written to the journal). */
    QUEUED,
    /** About to be submitted; on resume the backend is asked whether the paper got there. */
    SUBMITTING,
    /** Submitted and not finished. */
    RUNNING,
    COMPLETED,
    FAILED,
    TIMED_OUT,
    CANCELLED,
    /** Refused before submission: the materials are unusable (the reason names the file). */
    INVALID;

    public boolean finished() {
        return this == COMPLETED || this == FAILED || this == TIMED_OUT || this == CANCELLED || this == INVALID;
    }

    /** A finished case that {@code --retry-failed} runs again. */
    public boolean retriable() {
        return finished() && this != COMPLETED;
    }

    public String label() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }
}
