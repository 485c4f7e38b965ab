/**
 * reviewer-agent: simulated peer review of one paper version (review-requests -> review-results).
 */
@NullMarked
package dev.paperorchestra.reviewer;

import org.jspecify.annotations.NullMarked;
