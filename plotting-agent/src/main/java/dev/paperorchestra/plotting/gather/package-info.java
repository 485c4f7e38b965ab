/** Gathering every figure's outcome of a paper into the figures-ready event. */
@NullMarked
package dev.paperorchestra.plotting.gather;

import org.jspecify.annotations.NullMarked;
