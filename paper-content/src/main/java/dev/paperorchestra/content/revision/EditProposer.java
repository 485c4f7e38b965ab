package dev.paperorchestra.content.revision;

import java.util.List;

/**
 * Proposes the edits that carry out a decision. Offline: {@link RuleEdits}; a model-backed proposer (the refine
 * agent's reviser, the scripted model) implements the same interface. Whatever it proposes passes the
 * {@link EvidenceLock} before it touches the paper, so a proposer is not trusted.
 */
public interface EditProposer {

    /**
     * @param point    the point
     * @param decision its decision, REVISE or ADD
     * @param tex      the paper as it stands now (earlier edits applied)
     * @return the edits, possibly none (the point is then answered in the letter only)
     */
    List<Edit> propose(ReviewPoint point, PointDecision decision, String tex);
}
