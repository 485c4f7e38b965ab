package dev.paperorchestra.gateway;

/** The roles agents call models in; each maps to a provider and model in configuration. */
public enum LlmRole {
    /** Outline, section writing, revision. */
    PLANNER,
    /** Literature discovery, with search grounding where the provider has it. */
    SEARCHER,
    /** Figure critique; needs image input. */
    CRITIC,
    /** Simulated peer review. */
    REVIEWER
}
