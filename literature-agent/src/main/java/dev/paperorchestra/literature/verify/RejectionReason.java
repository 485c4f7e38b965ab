package dev.paperorchestra.literature.verify;

/** Why a candidate stays out of the pool, as a category to count by (the verdict's text gives the figures). */
public enum RejectionReason {

    /** The scholarly source knows no paper for the candidate's ids or title. */
    NO_MATCH("no-match"),
    /** The best record's title is not close enough to the candidate's. */
    TITLE_MISMATCH("title-mismatch"),
    /** The record has no abstract, so its content cannot be checked. */
    NO_ABSTRACT("no-abstract"),
    /** The record was not shown to predate the research cutoff. */
    NOT_BEFORE_CUTOFF("not-before-cutoff");

    private final String code;

    RejectionReason(String code) {
        this.code = code;
    }

    /** The stable name written to events, citation_map.json and summary.json. */
    public String code() {
        return code;
    }
}
