/**
 * The LaTeX toolchain every agent shares: latexmk (pdflatex + bibtex) in a confined, time-bounded job directory,
 * the log read into structured problems, and the page count read from the PDF.
 */
@NullMarked
package dev.paperorchestra.content.latex;

import org.jspecify.annotations.NullMarked;
