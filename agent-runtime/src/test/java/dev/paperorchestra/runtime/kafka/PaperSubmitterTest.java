package dev.paperorchestra.runtime.kafka;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import dev.paperorchestra.runtime.blob.LocalBlobStore;
import dev.paperorchestra.runtime.testing.ProbeRequests;
import dev.paperorchestra.schemas.PaperCancelledEvent;
import dev.paperorchestra.schemas.PaperContext;
import dev.paperorchestra.schemas.PaperRequestedEvent;
import dev.paperorchestra.schemas.PaperStatusChangedEvent;
import dev.paperorchestra.schemas.StageState;
import dev.paperorchestra.schemas.topics.Topics;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import org.apache.kafka.clients.producer.MockProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.header.Header;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The submitter writes through {@link EventPublisher}, the one producer path: the job on paper-requests with the
 * paper's new trace in its {@code traceparent} header, then the submit status naming the same trace. No broker:
 * the given producer is Kafka's {@code MockProducer}.
 */
class PaperSubmitterTest {

    @TempDir
    Path blobs;

    private final MockProducer<String, Object> producer = new MockProducer<>(true, null,
            (topic, key) -> new byte[0], (topic, value) -> new byte[0]);

    @Test
    void a_submission_puts_the_job_on_paper_requests_with_a_new_trace_and_reports_it_under_that_trace() {
        LocalBlobStore store = new LocalBlobStore(blobs);
        PaperContext context = ((PaperRequestedEvent) new ProbeRequests(store).request("paper-1").value())
                .getContext();

        try (PaperSubmitter submitter = new PaperSubmitter(producer, store, "cli")) {
            submitter.submit(context);
        }

        List<ProducerRecord<String, Object>> sent = producer.history();
        assertThat(sent).extracting(ProducerRecord::topic, ProducerRecord::key).containsExactly(
                tuple(Topics.PAPER_REQUESTS.name(), "paper-1"),
                tuple(Topics.PAPER_STATUS.name(), "paper-1"));
        assertThat(sent.getFirst().value()).isInstanceOfSatisfying(PaperRequestedEvent.class,
                request -> assertThat(request.getContext()).isEqualTo(context));
        Header traceparent = sent.getFirst().headers().lastHeader("traceparent");
        assertThat(traceparent).as("the paper's trace starts on its request").isNotNull();
        String traceId = new String(traceparent.value(), StandardCharsets.UTF_8).split("-")[1];
        assertThat(sent.get(1).value()).isInstanceOfSatisfying(PaperStatusChangedEvent.class, status -> {
            assertThat(status.getStage()).isEqualTo(PaperSubmitter.STAGE);
            assertThat(status.getAgent()).isEqualTo("cli");
            assertThat(status.getState()).isEqualTo(StageState.COMPLETED);
            assertThat(status.getTraceId()).isEqualTo(traceId);
        });
        assertThat(producer.closed()).as("closed with the submitter").isTrue();
    }

    @Test
    void a_single_record_goes_to_the_topic_named_and_is_acknowledged_before_send_returns() {
        try (PaperSubmitter submitter = new PaperSubmitter(producer, new LocalBlobStore(blobs), "paper-service")) {
            submitter.send(Topics.PAPER_CANCELLATIONS, "paper-2", PaperCancelledEvent.newBuilder()
                    .setPaperId("paper-2").setReason("cancelled by the submitter").setCancelledAt(Instant.EPOCH)
                    .build());

            assertThat(producer.history()).extracting(ProducerRecord::topic)
                    .containsExactly(Topics.PAPER_CANCELLATIONS.name());
        }
    }
}
