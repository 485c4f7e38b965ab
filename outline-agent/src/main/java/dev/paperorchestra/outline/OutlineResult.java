package dev.paperorchestra.outline;

import dev.paperorchestra.schemas.PaperContext;

/**
 * What outlining a paper produced.
 *
 * @param context          the paper's context with the outline set and the outline stage's timing appended
 * @param figureCount      entries in the plotting plan
 * @param searchQueryCount literature queries the outline implies
 * @param offline          true when the outline was made by the offline rules
 */
public record OutlineResult(PaperContext context, int figureCount, int searchQueryCount, boolean offline) {
}
