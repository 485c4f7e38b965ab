/** Rendering one planned figure from the logged numbers to vector PDF and PNG, with its caption. */
@NullMarked
package dev.paperorchestra.plotting.render;

import org.jspecify.annotations.NullMarked;
