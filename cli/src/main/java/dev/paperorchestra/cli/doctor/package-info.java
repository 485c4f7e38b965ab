/** {@code po doctor}: checks what a run needs before a run finds out the hard way. */
@NullMarked
package dev.paperorchestra.cli.doctor;

import org.jspecify.annotations.NullMarked;
