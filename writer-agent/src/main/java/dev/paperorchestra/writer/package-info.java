/**
 * The writer agent (step 4): joins literature-ready and figures-ready, writes the remaining sections, compiles,
 * emits paper-drafts.
 */
@NullMarked
package dev.paperorchestra.writer;

import org.jspecify.annotations.NullMarked;
