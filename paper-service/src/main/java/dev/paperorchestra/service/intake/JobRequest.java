package dev.paperorchestra.service.intake;

import org.jspecify.annotations.Nullable;

/**
 * The job options of an upload; each left out falls back to the materials' job.json, then the defaults, as
 * with {@code po run}.
 */
public record JobRequest(@Nullable String paperId, @Nullable String cutoff, @Nullable String venue,
        @Nullable Integer pageLimit, @Nullable Integer iterations, boolean offline) {
}
