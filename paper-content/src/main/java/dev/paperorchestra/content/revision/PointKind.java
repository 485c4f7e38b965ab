package dev.paperorchestra.content.revision;

/** What a review point asks for; it decides how the point is answered ({@link DecisionRules}). */
public enum PointKind {
    CLARITY,
    MISSING_DETAIL,
    /** A missing comparison or experiment: answered from the log when it holds the numbers, else honestly. */
    MISSING_EXPERIMENT,
    MISSING_CITATION,
    FACTUAL_ERROR,
    PRESENTATION,
    QUESTION
}
