package dev.paperorchestra.literature.verify;

/** The outcome of the acceptance rules for one candidate and its best record. */
public sealed interface Verdict {

    /** Reason string of an accepted candidate. */
    String VERIFIED = "verified";

    /** The similarity of the candidate's title to the record's, 0-100, without the year bonus. */
    double similarity();

    String reason();

    default boolean accepted() {
        return this instanceof Accepted;
    }

    /** Every rule passed. */
    record Accepted(double similarity) implements Verdict {

        @Override
        public String reason() {
            return VERIFIED;
        }
    }

    /** A rule failed; the reason names it with the figures that failed it, the category says which rule. */
    record Rejected(double similarity, RejectionReason category, String reason) implements Verdict {
    }
}
