package dev.paperorchestra.literature.plan;

/** Why a query is searched; the wire values of {@code purpose} on tasks and candidates. */
public final class Purpose {

    /** Macro context for the introduction: an introduction_strategy search direction. */
    public static final String INTRODUCTION = "introduction";
    /** Technical comparison for one related-work cluster: its mission or a limitation query. */
    public static final String RELATED_WORK = "related-work";
    /** An external dependency named in the materials (dataset, baseline, metric, model). */
    public static final String CITATION_HINT = "citation-hint";

    private Purpose() {
    }
}
