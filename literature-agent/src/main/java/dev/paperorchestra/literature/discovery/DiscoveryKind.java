package dev.paperorchestra.literature.discovery;

/** Discovery sources a model job can combine (configuration: {@code po.literature.discovery-sources}). */
public enum DiscoveryKind {
    /** the searcher role with search grounding: the papers it names and its cited sources become candidates */
    SEARCHER,
    /** OpenAlex works search (no key needed) */
    OPENALEX,
    /** the planner role recalling exact titles it is sure of */
    RECALL
}
