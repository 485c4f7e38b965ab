/** Compiling paper.tex with latexmk in a confined, time-bounded job directory. */
@NullMarked
package dev.paperorchestra.writer.compile;

import org.jspecify.annotations.NullMarked;
