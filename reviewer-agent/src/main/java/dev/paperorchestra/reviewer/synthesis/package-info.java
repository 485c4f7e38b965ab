/**
 * What a panel makes of its members' rubric scores, in plain Java: the meta-review (one revision plan, points
 * ranked by how many reviewers raised them and by rubric weight, disagreements kept visible) and the agreement
 * figures (per-criterion spread, pairwise agreement, panel against single-reviewer decisions).
 */
@NullMarked
package dev.paperorchestra.reviewer.synthesis;

import org.jspecify.annotations.NullMarked;
