package dev.paperorchestra.reviewer.review;

import java.util.Locale;

/** The review formats of SPEC.md section 3. */
public enum ReviewFormat {
    /** Conference-style: Summary ... Decision, seven 1-4 sub-axes, Overall 1-10, Confidence 1-5. */
    CONFERENCE,
    /** AgentReview-style: Overall 1-10 with anchored levels, four anchored 1-10 sub-axes. */
    AGENT_REVIEW;

    /** conference, agent-review: the name saved in every review. */
    public String label() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    /** The format of a saved label; the configured one when the label is not a format's (an offline review). */
    public static ReviewFormat ofLabel(String label, ReviewFormat otherwise) {
        for (ReviewFormat format : values()) {
            if (format.label().equals(label)) {
                return format;
            }
        }
        return otherwise;
    }
}
