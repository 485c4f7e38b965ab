package dev.paperorchestra.bench.run;

import java.util.Locale;

/**
 * Where a case of a bench run stands; the journal records every change. A paper the pipeline finished is
 * {@link #COMPLETE} or {@link #INCOMPLETE} by the rule {@code po run} exits by
 * ({@link dev.paperorchestra.content.outputs.PaperVerdict}), so bench and run agree on the same materials.
 */
public enum CaseState {
    /** Not started yet (never written to the journal). */
    QUEUED,
    /** About to be submitted; on resume the backend is asked whether the paper got there. */
    SUBMITTING,
    /** Submitted and not finished. */
    RUNNING,
    /** Written, its PDF compiled and every gate and final check passed. */
    COMPLETE,
    /** Written, but a gate or final check failed or there is no PDF (the reason names each). */
    INCOMPLETE,
    /** The pipeline stopped at a stage (the entry names the stage and the reason). */
    FAILED,
    TIMED_OUT,
    CANCELLED,
    /** Refused before submission: the materials are unusable (the reason names the file). */
    INVALID;

    /** Journals written before complete and incomplete were told apart said COMPLETED; the report re-judges them. */
    static CaseState parse(String name) {
        return name.equals("COMPLETED") ? COMPLETE : valueOf(name);
    }

    public boolean finished() {
        return written() || this == FAILED || this == TIMED_OUT || this == CANCELLED || this == INVALID;
    }

    /** The pipeline finished and the paper's outputs exist, complete or not. */
    public boolean written() {
        return this == COMPLETE || this == INCOMPLETE;
    }

    /** A finished case without a paper, which {@code --retry-failed} runs again. */
    public boolean retriable() {
        return finished() && !written();
    }

    public String label() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }
}
