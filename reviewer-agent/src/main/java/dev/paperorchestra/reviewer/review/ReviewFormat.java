package dev.paperorchestra.reviewer.review;

/** Review formats of SPEC.md section 3 that this agent writes. */
public enum ReviewFormat {
    /**
     * Conference-style review (the AI Scientist-v2 reviewer): summary, strengths, weaknesses, questions,
     * limitations, ethical concerns, seven 1-4 axes, overall 1-10, confidence 1-5, Accept/Reject.
     */
    CONFERENCE
}
