package dev.paperorchestra.refine.human;

import dev.paperorchestra.content.revision.VerifiedWorks;
import dev.paperorchestra.runtime.errors.RetriableException;
import dev.paperorchestra.runtime.kafka.EventPublisher;
import dev.paperorchestra.runtime.registry.EventSerdes;
import dev.paperorchestra.schemas.Candidate;
import dev.paperorchestra.schemas.CitationVerdict;
import dev.paperorchestra.schemas.CitationVerificationRequestedEvent;
import dev.paperorchestra.schemas.CitationsVerifiedEvent;
import dev.paperorchestra.schemas.LlmMode;
import dev.paperorchestra.schemas.ScholarRecord;
import dev.paperorchestra.schemas.VerifyRequestKind;
import dev.paperorchestra.schemas.topics.Topics;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.ExecutionException;
import org.apache.avro.specific.SpecificRecord;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A reviewer's suggested work verified by the deployment's literature agent, the one verifier there is: a request
 * of kind {@code REFERENCES} on {@code citation-verify-requests}, answered on {@code citation-verify-results}, as
 * the paper service resolves a human paper's references. Agents do not import each other and only the literature
 * agent talks to Semantic Scholar, so the look-up keeps its rate limit, retries, key and {@code scholar-cache}.
 * The request goes out on a producer of its own, outside the listener's transaction, or it would not be seen
 * before the revision ends.
 */
public final class LiteratureTitleVerifier implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(LiteratureTitleVerifier.class);

    private final Map<String, Object> clientConfig;
    private final EventPublisher requests;
    private final Duration timeout;
    private final Clock clock;

    /**
     * @param clientConfig the deployment's Kafka client settings (at least the bootstrap servers)
     * @param timeout      how long one look-up waits for its answer, queue included
     */
    public LiteratureTitleVerifier(Map<String, Object> clientConfig, Duration timeout, Clock clock) {
        this.clientConfig = Map.copyOf(clientConfig);
        this.timeout = timeout;
        this.clock = clock;
        this.requests = EventPublisher.ownProducer(clientConfig);
    }

    /** The verifier of one paper's revision. */
    public VerifiedWorks.TitleVerifier forPaper(String paperId) {
        return title -> verify(paperId, title);
    }

    /** @throws RetriableException when the literature agent has not answered within the timeout */
    Optional<ScholarRecord> verify(String paperId, String title) {
        String requestId = paperId + "/revision-" + UUID.randomUUID();
        try (KafkaConsumer<String, SpecificRecord> answers = answerReader()) {
            send(paperId, requestId, title);
            CitationVerdict verdict = readAnswer(answers, requestId);
            if (!verdict.getAccepted() || verdict.getRecord() == null) {
                log.info("paper {}: a work a reviewer named was not verified ({})", paperId, verdict.getReason());
                return Optional.empty();
            }
            return Optional.of(verdict.getRecord());
        }
    }

    private KafkaConsumer<String, SpecificRecord> answerReader() {
        Map<String, Object> config = new HashMap<>(clientConfig);
        config.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed");
        config.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
        KafkaConsumer<String, SpecificRecord> consumer = new KafkaConsumer<>(config, new StringDeserializer(),
                EventSerdes.deserializer(config));
        List<TopicPartition> partitions = consumer.partitionsFor(Topics.CITATION_VERIFY_RESULTS.name()).stream()
                .map(info -> new TopicPartition(info.topic(), info.partition())).toList();
        consumer.assign(partitions);
        consumer.seekToEnd(partitions);
        // seekToEnd is lazy: fix the positions now, or an answer written before the first poll would be skipped
        partitions.forEach(consumer::position);
        return consumer;
    }

    private void send(String paperId, String requestId, String title) {
        Candidate candidate = Candidate.newBuilder().setTitle(title).setQuery(title)
                .setPurpose("a work a reviewer asked the revision to cite").build();
        CitationVerificationRequestedEvent request = CitationVerificationRequestedEvent.newBuilder()
                .setRequestId(requestId).setPaperId(paperId).setCandidates(List.of(candidate))
                .setLlmMode(LlmMode.MODEL).setKind(VerifyRequestKind.REFERENCES).build();
        try {
            requests.publish(Topics.CITATION_VERIFY_REQUESTS, paperId, request).get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new RetriableException("interrupted while asking the literature agent to verify a work for "
                    + paperId, e);
        } catch (ExecutionException e) {
            throw new RetriableException("cannot ask the literature agent to verify a work for " + paperId + ": "
                    + e.getCause().getMessage(), e.getCause());
        }
    }

    private CitationVerdict readAnswer(KafkaConsumer<String, SpecificRecord> answers, String requestId) {
        Instant deadline = clock.instant().plus(timeout);
        while (clock.instant().isBefore(deadline)) {
            for (ConsumerRecord<String, SpecificRecord> record : answers.poll(Duration.ofMillis(500))) {
                if (record.value() instanceof CitationsVerifiedEvent verified
                        && verified.getRequestId().equals(requestId) && !verified.getVerdicts().isEmpty()) {
                    return verified.getVerdicts().getFirst();
                }
            }
        }
        throw new RetriableException("the literature agent did not answer the verification " + requestId
                + " within " + timeout + " (it may be behind a long queue or down)");
    }

    @Override
    public void close() {
        requests.close();
    }
}
