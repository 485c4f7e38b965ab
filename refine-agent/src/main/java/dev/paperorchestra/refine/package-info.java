/**
 * refine-agent: the refinement loop (paper-drafts + review-results -> review-requests ... -> paper-completed).
 */
@NullMarked
package dev.paperorchestra.refine;

import org.jspecify.annotations.NullMarked;
