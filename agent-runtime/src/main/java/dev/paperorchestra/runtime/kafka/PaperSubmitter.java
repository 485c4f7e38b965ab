package dev.paperorchestra.runtime.kafka;

import dev.paperorchestra.runtime.blob.BlobStore;
import dev.paperorchestra.runtime.tracing.TraceParent;
import dev.paperorchestra.schemas.PaperContext;
import dev.paperorchestra.schemas.PaperRequestedEvent;
import dev.paperorchestra.schemas.PaperStatusChangedEvent;
import dev.paperorchestra.schemas.StageState;
import dev.paperorchestra.schemas.topics.Topic;
import dev.paperorchestra.schemas.topics.Topics;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import org.apache.avro.specific.SpecificRecord;
import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.common.header.internals.RecordHeaders;

/**
 * Puts a job whose materials are uploaded on paper-requests, then reports the submission on paper-status
 * (stage {@code submit}, with the context's tenant), so a status view knows the paper and its owner from its first
 * moment. Used by {@code po run} and by the paper service. It sends through an {@link EventPublisher} of its own
 * (idempotent, acks=all) and waits for each acknowledgement.
 */
public final class PaperSubmitter implements AutoCloseable {

    public static final String STAGE = "submit";

    private final BlobStore blobs;
    private final String submitter;
    private final EventPublisher publisher;

    /**
     * @param clientProperties Kafka client properties (at least {@code bootstrap.servers})
     * @param submitter        who submits, reported as the agent of the submit status (cli, paper-service)
     */
    public PaperSubmitter(Map<String, Object> clientProperties, BlobStore blobs, String submitter) {
        this(EventPublisher.ownProducer(clientProperties), blobs, submitter);
    }

    /**
     * Over a producer the caller built (a test's {@code MockProducer}): unit tests of the paper service submit
     * and cancel without a broker, through the same publisher. Closed by {@link #close()} like the one of the
     * other constructor.
     */
    public PaperSubmitter(Producer<String, Object> producer, BlobStore blobs, String submitter) {
        this(EventPublisher.ownProducer(producer), blobs, submitter);
    }

    private PaperSubmitter(EventPublisher publisher, BlobStore blobs, String submitter) {
        this.blobs = blobs;
        this.submitter = submitter;
        this.publisher = publisher;
    }

    /**
     * Puts a job whose materials are uploaded already (paper-content's {@code MaterialsDirectory.upload}) on
     * paper-requests.
     */
    public PaperContext submit(PaperContext context) {
        String paperId = context.getPaperId();
        // the paper's trace starts here; every agent continues it from this header
        TraceParent trace = TraceParent.newTrace();
        RecordHeaders headers = new RecordHeaders();
        trace.addTo(headers);
        acknowledged(Topics.PAPER_REQUESTS, paperId, publisher.publish(Topics.PAPER_REQUESTS, paperId,
                PaperRequestedEvent.newBuilder().setContext(context).build(), headers));
        PaperStatusChangedEvent submitted = PaperStatusPublisher.event(paperId, STAGE, submitter,
                StageState.COMPLETED, "submitted (" + context.getOptions().getLlmMode().name()
                        .toLowerCase(Locale.ROOT) + " mode)", context.getSubmittedAt(), trace.traceId());
        // the status view learns the paper's owner from its first status
        submitted.setTenant(context.getTenant());
        send(Topics.PAPER_STATUS, paperId, submitted);
        return context;
    }

    /** Sends one record and waits for the broker's acknowledgement. */
    public <V extends SpecificRecord> void send(Topic<V> topic, String paperId, V event) {
        acknowledged(topic, paperId, publisher.publish(topic, paperId, event));
    }

    private static void acknowledged(Topic<?> topic, String paperId, CompletableFuture<?> send) {
        try {
            send.get();
        } catch (ExecutionException e) {
            throw new IllegalStateException("could not write paper " + paperId + " to " + topic.name() + ": "
                    + e.getCause().getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while writing paper " + paperId + " to " + topic.name(), e);
        }
    }

    @Override
    public void close() {
        publisher.close();
    }
}
