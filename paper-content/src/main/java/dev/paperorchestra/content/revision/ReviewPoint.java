package dev.paperorchestra.content.revision;

import org.jspecify.annotations.Nullable;

/**
 * One atomic point of a review.
 *
 * @param id       stable id, reviewer and position ("R1.3")
 * @param reviewer the reviewer who raised it
 * @param quote    the point as the reviewer wrote it
 * @param kind     what it asks for
 * @param section  the title of the paper's section it concerns, null when none could be located
 */
public record ReviewPoint(String id, String reviewer, String quote, PointKind kind, @Nullable String section) {
}
