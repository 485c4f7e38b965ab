package dev.paperorchestra.runtime.testing;

import dev.paperorchestra.runtime.blob.BlobStore;
import dev.paperorchestra.runtime.materials.MaterialsDirectory;
import dev.paperorchestra.schemas.JobOptions;
import dev.paperorchestra.schemas.PaperRequestedEvent;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import org.apache.kafka.clients.producer.ProducerRecord;

/** Paper requests for the runtime's probe agent: a materials directory with every required file, uploaded. */
public final class ProbeRequests {

    private final Path materials;
    private final BlobStore blobs;

    public ProbeRequests(BlobStore blobs) {
        this.blobs = blobs;
        try {
            materials = Files.createTempDirectory("materials");
            for (String name : MaterialsDirectory.REQUIRED) {
                Files.writeString(materials.resolve(name), "content of " + name);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A paper-requests record for the paper, its materials uploaded now. */
    public ProducerRecord<String, Object> request(String paperId) {
        return new ProducerRecord<>("paper-requests", paperId, PaperRequestedEvent.newBuilder()
                .setContext(MaterialsDirectory.upload(materials, paperId, JobOptions.newBuilder().build(), blobs,
                        Instant.now()))
                .build());
    }
}
