package dev.paperorchestra.writer.repair;

import java.util.Optional;

/** Asks for a revised paper.tex that fixes one problem; empty when no usable revision came back. */
@FunctionalInterface
public interface Reviser {

    /** Offline drafts are not revised: their checks are reported as they are. */
    Reviser NONE = (paperId, problem, tex, details) -> Optional.empty();

    /**
     * @param details the findings, the LaTeX errors with the lines around them, or the page counts
     */
    Optional<String> revise(String paperId, Problem problem, String tex, String details);
}
