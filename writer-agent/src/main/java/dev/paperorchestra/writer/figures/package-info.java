/**
 * What the plotting agent's outcome means for the text: which log tables a chart already presents (so the
 * writer does not typeset them again), which tables are shown both ways and why, and which planned figures were
 * left out (so the text never refers to them).
 */
@NullMarked
package dev.paperorchestra.writer.figures;

import org.jspecify.annotations.NullMarked;
