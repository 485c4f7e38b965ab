package dev.paperorchestra.content.revision;

import java.util.List;

/**
 * Scores a version of the paper, higher is better. An edit is kept only when the score with it is not below the
 * score without it ({@link EditDecision}). Offline: {@link AddressedScore}; a model-backed score (the reviewer
 * agent, a panel) implements the same interface.
 */
public interface RevisionScore {

    /**
     * @param tex   the version to score
     * @param edits every edit proposed so far, kept or candidate (the points' own "addressed?" checks read them)
     */
    double score(String tex, List<Edit> edits);
}
