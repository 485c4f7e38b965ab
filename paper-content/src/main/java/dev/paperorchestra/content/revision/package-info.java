/**
 * Revising a paper from human reviews, without Kafka: reviews read ({@link dev.paperorchestra.content.revision.ReviewReader}),
 * split into atomic points ({@link dev.paperorchestra.content.revision.PointSplitter}), one decision per point
 * ({@link dev.paperorchestra.content.revision.DecisionRules}), section-level edits traced to their points and locked to
 * the evidence ({@link dev.paperorchestra.content.revision.EvidenceLock}, {@link dev.paperorchestra.content.revision.FabricationAudit}),
 * kept only when a re-score does not drop ({@link dev.paperorchestra.content.revision.EditDecision}), and the response
 * letter, diff and summary ({@link dev.paperorchestra.content.revision.PaperReviser}). In model mode
 * {@link dev.paperorchestra.content.revision.ModelRevision} splits, decides, edits and re-scores through the model
 * gateway behind the same lock and audit.
 */
@NullMarked
package dev.paperorchestra.content.revision;

import org.jspecify.annotations.NullMarked;
