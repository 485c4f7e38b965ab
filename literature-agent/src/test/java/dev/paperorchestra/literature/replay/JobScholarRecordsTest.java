package dev.paperorchestra.literature.replay;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.paperorchestra.runtime.blob.LocalBlobStore;
import dev.paperorchestra.runtime.blob.MediaTypes;
import dev.paperorchestra.base.errors.InvalidMaterialsException;
import dev.paperorchestra.schemas.ArtifactRef;
import dev.paperorchestra.schemas.ScholarRecord;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class JobScholarRecordsTest {

    @TempDir
    Path dir;

    private static final String JOB_RECORDS = """
            {"papers": [{"paperId": "job-1", "title": "Sparsity Invariant CNNs", "abstract": "Sparse depth.",
              "year": 2017, "externalIds": {"ArXiv": "1708.06500"}}]}""";

    private final ScholarReplayStore deployment = new ScholarReplayStore(List.of(ScholarRecord.newBuilder()
            .setScholarId("shared-1").setTitle("Deep Residual Learning for Image Recognition").build()));

    @Test
    void a_job_without_records_gets_the_deployments() {
        LocalBlobStore blobs = new LocalBlobStore(dir);

        assertThat(new JobScholarRecords(deployment, blobs).forJob(null).records())
                .extracting(ScholarRecord::getScholarId).containsExactly("shared-1");
    }

    @Test
    void a_jobs_own_records_come_first_and_the_deployments_after() {
        LocalBlobStore blobs = new LocalBlobStore(dir);
        ArtifactRef ref = blobs.putText(JOB_RECORDS, MediaTypes.JSON);

        assertThat(new JobScholarRecords(deployment, blobs).forJob(ref).records())
                .extracting(ScholarRecord::getScholarId).containsExactly("job-1", "shared-1");
    }

    @Test
    void one_jobs_records_are_not_seen_by_another_job() {
        LocalBlobStore blobs = new LocalBlobStore(dir);
        JobScholarRecords records = new JobScholarRecords(new ScholarReplayStore(List.of()), blobs);
        records.forJob(blobs.putText(JOB_RECORDS, MediaTypes.JSON));

        assertThat(records.forJob(null).isEmpty()).isTrue();
        assertThat(records.deploymentHasNone()).isTrue();
    }

    @Test
    void records_that_are_not_semantic_scholar_json_fail_the_job_naming_the_file() {
        LocalBlobStore blobs = new LocalBlobStore(dir);
        ArtifactRef broken = blobs.putText("{\"papers\": [", MediaTypes.JSON);

        assertThatThrownBy(() -> new JobScholarRecords(deployment, blobs).forJob(broken))
                .isInstanceOf(InvalidMaterialsException.class).hasMessageStartingWith("scholar_records.json: ")
                .hasMessageContaining("not Semantic Scholar JSON");
    }
}
