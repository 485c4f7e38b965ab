package dev.paperorchestra.writer.repair;

import java.util.Optional;

/** Asks for a revised paper.tex that fixes one problem; empty when no usable revision came back. */
public interface Repairer {

    /** Offline drafts are not revised: their checks are reported as they are. */
    Repairer NONE = new Repairer() {
        @Override
        public Optional<String> revise(String paperId, Problem problem, String tex, String details) {
            return Optional.empty();
        }

        @Override
        public boolean handles(Problem problem) {
            return false;
        }
    };

    /**
     * @param details the findings, the LaTeX errors with the lines around them, or the page counts
     */
    Optional<String> revise(String paperId, Problem problem, String tex, String details);

    /** Whether this repairer can fix that kind of problem at all; the checker asks only for those. */
    default boolean handles(Problem problem) {
        return true;
    }
}
