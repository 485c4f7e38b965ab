/**
 * The reviewer agent's part of a revision from human reviews (docs/revision.md): the revised paper re-scored against
 * the submitted one. Plain Java; the listener in the agent's package is only the wiring.
 */
@NullMarked
package dev.paperorchestra.reviewer.revision;

import org.jspecify.annotations.NullMarked;
