package dev.paperorchestra.literature.registry;

import org.jspecify.annotations.Nullable;

/**
 * A candidate that did not enter the pool, and the rule that kept it out.
 *
 * @param category the rejection category (e.g. title-mismatch), null for verdicts written before categories
 */
public record Rejection(String title, String query, String reason, @Nullable String category) {
}
