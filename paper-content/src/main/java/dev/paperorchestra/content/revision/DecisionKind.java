package dev.paperorchestra.content.revision;

/** How a point is answered. */
public enum DecisionKind {
    /** The paper's text changes (a clarification, a missing detail, a corrected statement). */
    REVISE,
    /** Something is added from the evidence: a table of logged numbers, a verified citation. */
    ADD,
    /** The paper stays: it already answers the point, and the response quotes where. */
    REBUT,
    /** The point asks for results nobody has measured: said plainly, never simulated, no number given. */
    NEEDS_NEW_EXPERIMENTS,
    /**
     * Nothing in the paper or the materials answers the point and the reviser cannot change the paper for it (a
     * figure to redraw, a work that could not be verified, a question nobody's notes answer): said plainly.
     */
    LEFT_TO_AUTHORS
}
