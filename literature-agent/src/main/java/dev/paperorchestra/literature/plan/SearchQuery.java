package dev.paperorchestra.literature.plan;

import org.jspecify.annotations.Nullable;

/**
 * One discovery query derived from the outline.
 *
 * @param text         what to search for
 * @param purpose      one of {@link Purpose}
 * @param clusterTitle the related-work subsection served, for {@link Purpose#RELATED_WORK}
 */
public record SearchQuery(String text, String purpose, @Nullable String clusterTitle) {
}
