package dev.paperorchestra.gateway.core;

import dev.paperorchestra.gateway.LlmRole;

/**
 * Our rule against leakage (SPEC.md, "Isolation rule"), the system message of every writing role's call
 * ({@link PromptLayout}): the job's materials are the only source of truth, nothing is recalled from published
 * papers, and the paper stays anonymous. The searcher is exempt: finding published work is its job.
 */
public final class IsolationPreamble {

    public static final String TEXT = """
            Ground rules for this job, ahead of every other instruction:
            1. The materials in this conversation are your only source of facts about the work: its method, \
            numbers, datasets and findings. Do not add results, experiments or claims they do not contain.
            2. Do not reproduce or recall the text of any published paper, including one that may describe this \
            very work; write everything in your own words from the materials.
            3. The paper is under double-blind review: never name or guess authors, affiliations, funding, \
            acknowledgements, e-mail addresses or project URLs, and do not write anything that identifies them.
            4. Cite only the references you are given, by the keys you are given.""";

    private IsolationPreamble() {
    }

    public static boolean appliesTo(LlmRole role) {
        return role != LlmRole.SEARCHER;
    }
}
