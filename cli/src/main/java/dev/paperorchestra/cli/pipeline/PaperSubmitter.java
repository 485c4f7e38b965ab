package dev.paperorchestra.cli.pipeline;

import dev.paperorchestra.runtime.blob.BlobStore;
import dev.paperorchestra.runtime.materials.MaterialsDirectory;
import dev.paperorchestra.runtime.tracing.TraceParent;
import dev.paperorchestra.schemas.JobOptions;
import dev.paperorchestra.schemas.PaperContext;
import dev.paperorchestra.schemas.PaperRequestedEvent;
import dev.paperorchestra.schemas.serde.AvroEventSerializer;
import dev.paperorchestra.schemas.topics.Topics;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.StringSerializer;

/** Uploads a materials directory and puts the job on paper-requests. */
public final class PaperSubmitter {

    private final String bootstrapServers;
    private final BlobStore blobs;

    public PaperSubmitter(String bootstrapServers, BlobStore blobs) {
        this.bootstrapServers = bootstrapServers;
        this.blobs = blobs;
    }

    /**
     * @throws dev.paperorchestra.runtime.errors.InvalidMaterialsException naming the file when a required
     *                                                                     file is missing
     */
    public PaperContext submit(Path materials, String paperId, JobOptions options, Instant now) {
        PaperContext context = MaterialsDirectory.upload(materials, paperId, options, blobs, now);
        try (KafkaProducer<String, Object> producer = new KafkaProducer<>(Map.of(
                ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers,
                ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, true,
                ProducerConfig.ACKS_CONFIG, "all"), new StringSerializer(), new AvroEventSerializer())) {
            // the paper's trace starts here; every agent continues it from this header
            ProducerRecord<String, Object> request = new ProducerRecord<>(Topics.PAPER_REQUESTS.name(), paperId,
                    PaperRequestedEvent.newBuilder().setContext(context).build());
            TraceParent.newTrace().addTo(request.headers());
            producer.send(request).get();
            producer.close(Duration.ofSeconds(5));
        } catch (ExecutionException e) {
            throw new IllegalStateException("could not submit paper " + paperId + ": " + e.getCause().getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while submitting " + paperId, e);
        }
        return context;
    }
}
