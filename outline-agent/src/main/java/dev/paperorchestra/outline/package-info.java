/**
 * The outline agent (SPEC.md step 1): reads a paper request, validates the materials, writes outline.json and
 * announces it on paper-outlines.
 */
@NullMarked
package dev.paperorchestra.outline;

import org.jspecify.annotations.NullMarked;
