package dev.paperorchestra.refine.check;

/** Decides whether a revision may be sent for review (SPEC.md step 5: the reviser's rules that can be checked). */
public interface RevisionCheck {

    CheckedRevision check(RevisionCandidate candidate);
}
