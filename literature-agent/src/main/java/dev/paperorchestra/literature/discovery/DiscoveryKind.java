package dev.paperorchestra.literature.discovery;

/** Discovery sources a model job can combine (configuration: {@code po.literature.discovery-sources}). */
public enum DiscoveryKind {
    /** the searcher role with search grounding: the papers it names and its cited sources become candidates */
    SEARCHER,
    /** OpenAlex works search (an API key, po.literature.openalex.api-key, is required since February 2026) */
    OPENALEX,
    /** the planner role recalling exact titles it is sure of */
    RECALL,
    /**
     * Semantic Scholar's bulk search ({@code s2-bulk}), run by the verifier within the deployment's single
     * Semantic Scholar budget; its accepted records come back as resolved verdicts
     */
    S2_BULK
}
