package dev.paperorchestra.cli.pipeline;

import dev.paperorchestra.runtime.kafka.KafkaClientProperties;
import dev.paperorchestra.runtime.tracing.TraceParent;
import dev.paperorchestra.schemas.PaperContext;
import dev.paperorchestra.schemas.PaperRequestedEvent;
import dev.paperorchestra.schemas.serde.AvroEventSerializer;
import dev.paperorchestra.schemas.topics.Topics;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.StringSerializer;

/** Puts an uploaded job on paper-requests. */
public final class PaperSubmitter {

    private final KafkaClientProperties kafka;

    public PaperSubmitter(KafkaClientProperties kafka) {
        this.kafka = kafka;
    }

    public PaperContext submit(PaperContext context) {
        String paperId = context.getPaperId();
        Map<String, Object> config = kafka.common();
        config.put(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, true);
        config.put(ProducerConfig.ACKS_CONFIG, "all");
        try (KafkaProducer<String, Object> producer = new KafkaProducer<>(config, new StringSerializer(),
                new AvroEventSerializer())) {
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
