package dev.paperorchestra.runtime.kafka;

import dev.paperorchestra.base.errors.RetriableException;
import dev.paperorchestra.runtime.registry.EventSerdes;
import dev.paperorchestra.schemas.Candidate;
import dev.paperorchestra.schemas.CitationVerdict;
import dev.paperorchestra.schemas.CitationVerificationRequestedEvent;
import dev.paperorchestra.schemas.CitationsVerifiedEvent;
import dev.paperorchestra.schemas.LlmMode;
import dev.paperorchestra.schemas.VerifyRequestKind;
import dev.paperorchestra.schemas.topics.Topics;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import org.apache.avro.specific.SpecificRecord;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.StringDeserializer;

/**
 * One question to the deployment's single literature verifier, and the wait for its answer: a request of kind
 * {@code REFERENCES} on {@code citation-verify-requests}, answered on {@code citation-verify-results}. Callers
 * outside the literature agent (the paper service resolving a human paper's references, the refine agent checking
 * a work a reviewer named) go through here, so their look-ups queue behind the papers' own, keep the deployment's
 * one request per second and its {@code scholar-cache}, and nobody but the literature agent talks to Semantic
 * Scholar. The request goes out on a producer of its own, outside any listener transaction, or a caller inside
 * one would wait for an answer to a request nobody can see yet.
 */
public final class VerifierRoundTrip implements AutoCloseable {

    private final Map<String, Object> clientConfig;
    private final EventPublisher requests;
    private final Duration timeout;
    private final Clock clock;

    /**
     * @param clientConfig the deployment's Kafka client settings (at least the bootstrap servers)
     * @param timeout      how long one question waits for its answer, the verifier's queue included
     */
    public VerifierRoundTrip(Map<String, Object> clientConfig, Duration timeout, Clock clock) {
        this.clientConfig = Map.copyOf(clientConfig);
        this.timeout = timeout;
        this.clock = clock;
        this.requests = EventPublisher.ownProducer(clientConfig);
    }

    /**
     * Asks for the candidates to be looked up as they are (no cutoff, no relevance judgement).
     *
     * @param requestId unique per question; the answer is recognised by it
     * @return the verifier's verdicts, one per candidate in the request's order
     * @throws RetriableException when the request cannot be sent or the verifier has not answered within the
     *                            timeout (it may be behind a long queue, or down)
     */
    public List<CitationVerdict> ask(String paperId, String requestId, List<Candidate> candidates) {
        try (KafkaConsumer<String, SpecificRecord> answers = answerReader()) {
            send(paperId, requestId, candidates);
            return readAnswer(answers, requestId);
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

    private void send(String paperId, String requestId, List<Candidate> candidates) {
        CitationVerificationRequestedEvent request = CitationVerificationRequestedEvent.newBuilder()
                .setRequestId(requestId).setPaperId(paperId).setCandidates(candidates).setLlmMode(LlmMode.MODEL)
                .setKind(VerifyRequestKind.REFERENCES).build();
        try {
            requests.publish(Topics.CITATION_VERIFY_REQUESTS, paperId, request).get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new RetriableException("interrupted while sending the verification request " + requestId, e);
        } catch (ExecutionException e) {
            throw new RetriableException("cannot send the verification request " + requestId + ": "
                    + e.getCause().getMessage(), e.getCause());
        }
    }

    private List<CitationVerdict> readAnswer(KafkaConsumer<String, SpecificRecord> answers, String requestId) {
        Instant deadline = clock.instant().plus(timeout);
        while (clock.instant().isBefore(deadline)) {
            for (ConsumerRecord<String, SpecificRecord> record : answers.poll(Duration.ofMillis(500))) {
                if (record.value() instanceof CitationsVerifiedEvent verified
                        && verified.getRequestId().equals(requestId)) {
                    return List.copyOf(verified.getVerdicts());
                }
            }
        }
        throw new RetriableException("the literature agent did not answer the verification request " + requestId
                + " within " + timeout + " (it may be behind a long queue, or down)");
    }

    @Override
    public void close() {
        requests.close();
    }
}
