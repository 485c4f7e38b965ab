/**
 * Revising a paper from human reviews on Kafka (docs/revision.md): revision-requests are revised here with
 * paper-content's {@code PaperRevision} (the same code as {@code po revise}), re-scored by the reviewer agent, and
 * completed here. Plain Java; the listener in the agent's package is only the wiring.
 */
@NullMarked
package dev.paperorchestra.refine.human;

import org.jspecify.annotations.NullMarked;
