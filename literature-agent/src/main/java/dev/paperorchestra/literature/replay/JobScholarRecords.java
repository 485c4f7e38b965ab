package dev.paperorchestra.literature.replay;

import dev.paperorchestra.runtime.blob.BlobStore;
import dev.paperorchestra.base.errors.InvalidMaterialsException;
import dev.paperorchestra.content.materials.MaterialsDirectory;
import dev.paperorchestra.schemas.ArtifactRef;
import java.util.LinkedHashMap;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * The replay store of one offline job: the scholar_records.json that travelled with its materials (read from
 * the blob store), ahead of the deployment-wide records of {@code po.literature.replay-files}, if any. A job's
 * records are read once per agent and kept for the next tasks of the same job (the most recent few jobs).
 */
public final class JobScholarRecords {

    private static final int KEPT_JOBS = 16;

    private final ScholarReplayStore deployment;
    private final BlobStore blobs;
    private final Map<String, ScholarReplayStore> recent = new LinkedHashMap<>(KEPT_JOBS, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, ScholarReplayStore> eldest) {
            return size() > KEPT_JOBS;
        }
    };

    public JobScholarRecords(ScholarReplayStore deployment, BlobStore blobs) {
        this.deployment = deployment;
        this.blobs = blobs;
    }

    /**
     * @param jobRecords the job's scholar_records.json, or null when its materials have none
     * @throws InvalidMaterialsException naming scholar_records.json when the job's file is not Semantic Scholar
     *                                   JSON: the paper fails with that message instead of citing nothing
     */
    public ScholarReplayStore forJob(@Nullable ArtifactRef jobRecords) {
        if (jobRecords == null) {
            return deployment;
        }
        synchronized (recent) {
            ScholarReplayStore known = recent.get(jobRecords.getSha256());
            if (known != null) {
                return known;
            }
        }
        ScholarReplayStore store;
        try {
            store = deployment.withFirst(ScholarReplayStore.parse(blobs.getText(jobRecords),
                    MaterialsDirectory.SCHOLAR_RECORDS));
        } catch (IllegalArgumentException e) {
            throw new InvalidMaterialsException(MaterialsDirectory.SCHOLAR_RECORDS,
                    "is not Semantic Scholar JSON ({\"papers\": [...]}): " + e.getMessage());
        }
        synchronized (recent) {
            recent.put(jobRecords.getSha256(), store);
        }
        return store;
    }

    /** True when no job can find a record unless it brings its own. */
    public boolean deploymentHasNone() {
        return deployment.isEmpty();
    }
}
