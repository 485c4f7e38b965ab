/**
 * Integrity gates every draft passes through: pure checkers (no I/O) that compare a paper.tex with the
 * materials it was written from. Their findings are fed back to the model for a bounded repair and reported
 * in summary.json, so the system never hands on a paper whose numbers, citations or figures do not hold.
 */
@NullMarked
package dev.paperorchestra.content.integrity;

import org.jspecify.annotations.NullMarked;
