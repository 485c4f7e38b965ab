/** Plotting agent (step 2): Kafka wiring and configuration; the domain logic lives in the feature packages. */
@NullMarked
package dev.paperorchestra.plotting;

import org.jspecify.annotations.NullMarked;
