package dev.paperorchestra.runtime.kafka;

import dev.paperorchestra.runtime.blob.BlobStore;
import dev.paperorchestra.runtime.kafka.PaperStatusPublisher;
import dev.paperorchestra.runtime.registry.EventSerdes;
import dev.paperorchestra.runtime.tracing.TraceParent;
import dev.paperorchestra.schemas.JobOptions;
import dev.paperorchestra.schemas.PaperContext;
import dev.paperorchestra.schemas.PaperRequestedEvent;
import dev.paperorchestra.schemas.StageState;
import dev.paperorchestra.schemas.topics.Topics;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.StringSerializer;

/**
 * Uploads a materials directory and puts the job on paper-requests, then reports the submission on
 * paper-status (stage {@code submit}), so a status view knows the paper from its first moment. Used by
 * {@code po run} and by the paper service.
 */
public final class PaperSubmitter implements AutoCloseable {

    public static final String STAGE = "submit";

    private final BlobStore blobs;
    private final String submitter;
    private final Producer<String, Object> producer;

    /**
     * @param clientProperties Kafka client properties (at least {@code bootstrap.servers})
     * @param submitter        who submits, reported as the agent of the submit status (cli, paper-service)
     */
    public PaperSubmitter(Map<String, Object> clientProperties, BlobStore blobs, String submitter) {
        this.blobs = blobs;
        this.submitter = submitter;
        Map<String, Object> config = new HashMap<>(clientProperties);
        config.put(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, true);
        config.put(ProducerConfig.ACKS_CONFIG, "all");
        this.producer = new KafkaProducer<>(config, new StringSerializer(), EventSerdes.serializer(config));
    }

    /**
     * Over a producer the caller built (a test's {@code MockProducer}): unit tests of the paper service submit
     * and cancel without a broker. Closed by {@link #close()} like the one of the other constructor.
     */
    public PaperSubmitter(Producer<String, Object> producer, BlobStore blobs, String submitter) {
        this.blobs = blobs;
        this.submitter = submitter;
        this.producer = producer;
    }

    /** Puts a job whose materials are uploaded already (paper-content's {@code MaterialsDirectory.upload}) on paper-requests. */
    public PaperContext submit(PaperContext context) {
        String paperId = context.getPaperId();
        // the paper's trace starts here; every agent continues it from this header
        ProducerRecord<String, Object> request = new ProducerRecord<>(Topics.PAPER_REQUESTS.name(), paperId,
                PaperRequestedEvent.newBuilder().setContext(context).build());
        TraceParent trace = TraceParent.newTrace();
        trace.addTo(request.headers());
        send(request);
        send(Topics.PAPER_STATUS.name(), paperId, PaperStatusPublisher.event(paperId, STAGE, submitter,
                StageState.COMPLETED, "submitted (" + context.getOptions().getLlmMode().name()
                        .toLowerCase(Locale.ROOT) + " mode)", context.getSubmittedAt(), trace.traceId()));
        return context;
    }

    /** Sends one record and waits for the broker's acknowledgement. */
    public void send(String topic, String paperId, Object event) {
        send(new ProducerRecord<>(topic, paperId, event));
    }

    private void send(ProducerRecord<String, Object> record) {
        String paperId = record.key();
        String topic = record.topic();
        try {
            producer.send(record).get();
        } catch (ExecutionException e) {
            throw new IllegalStateException("could not write paper " + paperId + " to " + topic + ": "
                    + e.getCause().getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while writing paper " + paperId + " to " + topic, e);
        }
    }

    @Override
    public void close() {
        producer.close(Duration.ofSeconds(5));
    }
}
