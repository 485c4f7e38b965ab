package dev.paperorchestra.literature.discovery;

import static org.assertj.core.api.Assertions.assertThat;

import dev.paperorchestra.literature.Fixtures;
import dev.paperorchestra.literature.plan.Purpose;
import dev.paperorchestra.literature.replay.JobScholarRecords;
import dev.paperorchestra.literature.replay.ScholarReplayStore;
import dev.paperorchestra.runtime.blob.LocalBlobStore;
import dev.paperorchestra.runtime.blob.MediaTypes;
import dev.paperorchestra.gateway.UnconfiguredLlmGateway;
import dev.paperorchestra.schemas.Candidate;
import dev.paperorchestra.schemas.JobOptions;
import dev.paperorchestra.schemas.LiteratureSearchTaskCreatedEvent;
import dev.paperorchestra.schemas.LlmMode;
import dev.paperorchestra.schemas.Materials;
import dev.paperorchestra.schemas.PaperContext;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Offline discovery answers each job from the scholar_records.json that came with its materials. */
class JobRecordsDiscoveryTest {

    @TempDir
    Path dir;

    @Test
    void an_offline_task_searches_the_records_of_its_own_job() {
        LocalBlobStore blobs = new LocalBlobStore(dir);
        JobScholarRecords records = new JobScholarRecords(new ScholarReplayStore(List.of()), blobs);
        SearchWorker worker = new SearchWorker(
                jobRecords -> new OfflineReplayDiscovery(records.forJob(jobRecords), 4),
                new ModelDiscovery(new UnconfiguredLlmGateway(), "literature-agent", 4));
        PaperContext base = Fixtures.context("p1", "2024-11-01");
        PaperContext withRecords = PaperContext.newBuilder(base)
                .setOptions(JobOptions.newBuilder(base.getOptions()).setLlmMode(LlmMode.OFFLINE).build())
                .setMaterials(Materials.newBuilder(base.getMaterials()).setScholarRecords(blobs.putText("""
                        {"papers": [{"paperId": "s1", "title": "Sparsity Invariant CNNs",
                          "abstract": "Sparse depth upsampling.", "year": 2017}]}""", MediaTypes.JSON)).build())
                .build();
        PaperContext without = PaperContext.newBuilder(withRecords)
                .setMaterials(Materials.newBuilder(withRecords.getMaterials()).setScholarRecords(null).build()).build();

        assertThat(worker.answer(task(withRecords)).getCandidates()).extracting(Candidate::getTitle)
                .containsExactly("Sparsity Invariant CNNs");
        assertThat(worker.answer(task(without)).getCandidates()).isEmpty();
    }

    private static LiteratureSearchTaskCreatedEvent task(PaperContext context) {
        return LiteratureSearchTaskCreatedEvent.newBuilder().setTaskId("p1/lit-1").setContext(context)
                .setQuery("sparse depth").setPurpose(Purpose.RELATED_WORK).setClusterTitle("Depth Completion")
                .setTaskCount(1).build();
    }
}
