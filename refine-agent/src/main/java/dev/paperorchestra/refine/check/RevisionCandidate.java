package dev.paperorchestra.refine.check;

import dev.paperorchestra.schemas.PaperDraftedEvent;

/**
 * A reviser's revision before it is checked.
 *
 * @param paperId     the paper
 * @param iteration   the iteration (and version number) the revision would have
 * @param tex         the revised LaTeX
 * @param previousTex LaTeX of the best version it was revised from
 * @param draft       the writer's draft: bibliography, figures and materials a compile needs
 */
public record RevisionCandidate(String paperId, int iteration, String tex, String previousTex,
        PaperDraftedEvent draft) {
}
