/** The per-paper join of the literature and figures halves, as a pure aggregation. */
@NullMarked
package dev.paperorchestra.writer.join;

import org.jspecify.annotations.NullMarked;
