/** Making the outline: deterministic rules from the materials (offline) or the planner model. */
@NullMarked
package dev.paperorchestra.outline.plan;

import org.jspecify.annotations.NullMarked;
