package dev.paperorchestra.service.intake;

import org.jspecify.annotations.Nullable;

/**
 * The job options of an upload; each left out falls back to the materials' job.json, then the defaults, as
 * with {@code po run}.
 */
public record UploadRequest(@Nullable String paperId, @Nullable String cutoff, @Nullable String venue,
        @Nullable Integer pageLimit, @Nullable Integer iterations, boolean offline, @Nullable String approvals,
        @Nullable String approvalTimeout) {

    /** An upload without approval gates. */
    public UploadRequest(@Nullable String paperId, @Nullable String cutoff, @Nullable String venue,
            @Nullable Integer pageLimit, @Nullable Integer iterations, boolean offline) {
        this(paperId, cutoff, venue, pageLimit, iterations, offline, null, null);
    }
}
