/**
 * The project's own behaviourally anchored review rubric ({@code rubric/<version>.json} on the classpath), and
 * a reviewer's per-criterion scores with the evidence for each.
 */
@NullMarked
package dev.paperorchestra.reviewer.rubric;

import org.jspecify.annotations.NullMarked;
