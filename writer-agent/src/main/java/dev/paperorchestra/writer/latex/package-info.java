/** Small LaTeX document operations: escaping, title, preamble packages, bibliography, section bodies, labels. */
@NullMarked
package dev.paperorchestra.writer.latex;

import org.jspecify.annotations.NullMarked;
