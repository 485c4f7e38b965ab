package dev.paperorchestra.writer.repair;

/** What a repair call is asked to fix; each kind has its own bound. */
public enum Problem {
    /** Integrity gate findings. */
    GATES,
    /** LaTeX errors that stopped the compile. */
    COMPILE,
    /** The main text runs past the page limit. */
    PAGES
}
