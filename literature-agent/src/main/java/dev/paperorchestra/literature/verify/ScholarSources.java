package dev.paperorchestra.literature.verify;

import dev.paperorchestra.schemas.ArtifactRef;
import dev.paperorchestra.schemas.LlmMode;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;

/**
 * Which scholarly source answers a job. The model mode chooses the model only: an offline job is verified
 * against the recorded replay store (its own scholar_records.json first) unless a live endpoint was configured
 * explicitly, so the offline model can be combined with a real or stubbed Semantic Scholar.
 *
 * @param replay             the offline replay store of a job, given the scholar_records.json of its
 *                           materials (or null)
 * @param live               Semantic Scholar
 * @param liveForOfflineJobs true when the live endpoint was given explicitly
 */
public record ScholarSources(Function<@Nullable ArtifactRef, ScholarSource> replay, ScholarSource live,
        boolean liveForOfflineJobs) {

    /** A job's source; a mode of null (a request written before the mode was carried) counts as a model job. */
    public ScholarSource forJob(@Nullable LlmMode mode, @Nullable ArtifactRef jobRecords) {
        return mode == LlmMode.OFFLINE && !liveForOfflineJobs ? replay.apply(jobRecords) : live;
    }
}
