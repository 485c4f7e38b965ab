/** A completed paper's outputs: the artifact refs of paper-completed under their names relative to OUT/paperId. */
@NullMarked
package dev.paperorchestra.content.outputs;

import org.jspecify.annotations.NullMarked;
