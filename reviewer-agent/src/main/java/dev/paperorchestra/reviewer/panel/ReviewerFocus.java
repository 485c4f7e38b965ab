package dev.paperorchestra.reviewer.panel;

import java.util.Locale;

/**
 * What a panel member reads for first. Every member still scores every criterion of the rubric; the focus only
 * tells it where to look hardest, so members drawn from different model families also cover different ground.
 */
public enum ReviewerFocus {
    GENERAL(""),
    METHODS("You read as a methods specialist: check that every step of the method is defined, justified and "
            + "matched by the experiments, and that the evaluation can measure what is claimed."),
    EVIDENCE("You read as an evidence checker: trace every claim of the abstract, introduction and conclusion to "
            + "the table, figure or equation that supports it, and flag wording stronger than the numbers."),
    CLARITY("You read as a careful reader new to this exact problem: flag every term or symbol used before it is "
            + "defined, every inconsistent notation and every passage you had to read twice."),
    RELATED_WORK("You read as an expert in the prior work: check that the paper places itself among the methods it "
            + "cites, compares rather than lists, and states what is new against the closest of them."),
    NOVELTY("You read for the contribution: check that what is new is stated precisely, against named prior work, "
            + "and that an experiment isolates it."),
    PRESENTATION("You read for presentation: check that figures and tables are readable, referenced, captioned "
            + "with their message, and that the layout follows the venue's format.");

    private final String brief;

    ReviewerFocus(String brief) {
        this.brief = brief;
    }

    /** The sentence the member's prompt carries; empty for a general reviewer. */
    public String brief() {
        return brief;
    }

    /** general, methods, related-work, ...: the name in configuration and in saved reviews. */
    public String label() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }
}
