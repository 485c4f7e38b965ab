package dev.paperorchestra.runtime.testing;

import dev.paperorchestra.runtime.blob.BlobStore;
import dev.paperorchestra.runtime.blob.MediaTypes;
import dev.paperorchestra.schemas.JobOptions;
import dev.paperorchestra.schemas.Materials;
import dev.paperorchestra.schemas.PaperContext;
import dev.paperorchestra.schemas.PaperRequestedEvent;
import java.time.Instant;
import java.util.List;
import org.apache.kafka.clients.producer.ProducerRecord;

/**
 * Paper requests for the runtime's probe agent: every required material stored in the blob store. The probe
 * reads no materials, so their content is a placeholder and no materials rule (paper-content) applies.
 */
public final class ProbeRequests {

    private final BlobStore blobs;

    public ProbeRequests(BlobStore blobs) {
        this.blobs = blobs;
    }

    /** A paper-requests record for the paper, its materials uploaded now. */
    public ProducerRecord<String, Object> request(String paperId) {
        Materials materials = Materials.newBuilder()
                .setSourceDirectory("probe-materials")
                .setIdea(blobs.putText("idea of " + paperId, MediaTypes.MARKDOWN))
                .setExperimentalLog(blobs.putText("log of " + paperId, MediaTypes.MARKDOWN))
                .setTemplate(blobs.putText("\\documentclass{article}", MediaTypes.TEX))
                .setGuidelines(blobs.putText("guidelines of " + paperId, MediaTypes.MARKDOWN))
                .setFigures(List.of())
                .setScholarRecords(null)
                .build();
        PaperContext context = PaperContext.newBuilder().setPaperId(paperId).setSubmittedAt(Instant.now())
                .setMaterials(materials).setOptions(JobOptions.newBuilder().build())
                .setMaterialsDigest("probe-" + paperId).build();
        return new ProducerRecord<>("paper-requests", paperId,
                PaperRequestedEvent.newBuilder().setContext(context).build());
    }
}
