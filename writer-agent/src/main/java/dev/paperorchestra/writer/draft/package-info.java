/** Drafting one paper from its joined inputs: writing, storing, compiling and building the events. */
@NullMarked
package dev.paperorchestra.writer.draft;

import org.jspecify.annotations.NullMarked;
