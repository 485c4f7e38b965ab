package dev.paperorchestra.refine.loop;

/** Revises the best version so far to answer its review (SPEC.md step 5, "the reviser"). */
public interface Reviser {

    Revision revise(RevisionInput input);
}
