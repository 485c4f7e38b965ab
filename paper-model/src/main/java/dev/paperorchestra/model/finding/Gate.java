package dev.paperorchestra.model.finding;

/** The integrity gates, in the order they run. */
public enum Gate {
    /** Every number in a table or a result statement appears in the log or the idea. */
    NUMERIC_FIDELITY,
    /** Every citation key is in references.bib, every reference resolves, no "??" after compiling. */
    CITATIONS,
    /** Every figure included once with its exact name, referenced, placed before the conclusion; files exist. */
    FIGURES,
    /** Mandatory sections present, environments balanced, the paper anonymous. */
    STRUCTURE,
    /**
     * The paper's own title and abstract, no empty or stub section, nothing of the materials printed (file
     * names, paths, identifiers, ground-truth counts), no sentence twice, no page-long paragraph, no caption
     * that only repeats its label.
     */
    CONTENT,
    /** The main text within the page limit and, in model mode, filling at least the configured share of it. */
    PAGES
}
