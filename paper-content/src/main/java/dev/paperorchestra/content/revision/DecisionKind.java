package dev.paperorchestra.content.revision;

/** How a point is answered. */
public enum DecisionKind {
    /** The paper's text changes (a clarification, a missing detail, a corrected statement). */
    REVISE,
    /** Something is added from the evidence: a table of logged numbers, a verified citation. */
    ADD,
    /** The paper stays; the response answers with evidence quoted from the paper or the log. */
    REBUT,
    /** The point asks for results nobody has measured: said plainly, never simulated, no number given. */
    NEEDS_NEW_EXPERIMENTS
}
