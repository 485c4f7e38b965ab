/**
 * Author-supplied figures read with bounded resources: one inspector decides whether a PDF, PNG or JPEG figure
 * is accepted (PDFs rewritten without active content) or rejected with a named reason, and no parse of hostile
 * bytes can stop the caller's thread with an {@link java.lang.Error}.
 */
@NullMarked
package dev.paperorchestra.runtime.figures;

import org.jspecify.annotations.NullMarked;
