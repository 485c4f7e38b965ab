/**
 * The checks a revision must pass before it is reviewed: it is a complete document, it cites only known
 * keys, it adds no limitation or future-experiment statements, and it compiles.
 */
@NullMarked
package dev.paperorchestra.refine.check;

import org.jspecify.annotations.NullMarked;
