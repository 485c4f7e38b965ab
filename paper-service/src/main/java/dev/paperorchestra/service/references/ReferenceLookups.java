package dev.paperorchestra.service.references;

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
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ExecutionException;
import org.apache.avro.specific.SpecificRecord;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.StringDeserializer;

/**
 * Resolves a reference list through the deployment's single verifier: one request of kind
 * {@code REFERENCES} on {@code citation-verify-requests}, answered on {@code citation-verify-results}. The
 * look-ups therefore queue behind the papers' own, keep the deployment's one request per second, are answered
 * from {@code scholar-cache} where any paper already looked them up, and leave their answers there for the next
 * case. The literature collector ignores answers of this kind.
 */
public final class ReferenceLookups implements AutoCloseable {

    private static final Set<String> NOT_FOUND = Set.of("no-match", "title-mismatch");

    private final Map<String, Object> clientConfig;
    private final EventPublisher requests;
    private final Duration timeout;
    private final Clock clock;

    /**
     * @param clientConfig the deployment's Kafka client settings (at least the bootstrap servers)
     * @param timeout      how long one case waits for its answer, queue included
     */
    public ReferenceLookups(Map<String, Object> clientConfig, Duration timeout, Clock clock) {
        this.clientConfig = Map.copyOf(clientConfig);
        this.timeout = timeout;
        this.clock = clock;
        this.requests = EventPublisher.ownProducer(clientConfig);
    }

    /**
     * The record each reference resolved to, by its bib key; a reference the source does not know, or knows
     * under a different title, is absent.
     *
     * @throws RetriableException when the verifier has not answered within the timeout (it may be behind a long
     *                            queue, or down)
     */
    public Map<String, ScholarRecord> resolve(String paperId, List<ReferenceQuery> references) {
        if (references.isEmpty()) {
            return Map.of();
        }
        String requestId = paperId + "/references-" + UUID.randomUUID();
        try (KafkaConsumer<String, SpecificRecord> answers = answerReader()) {
            send(paperId, requestId, references);
            return readAnswer(answers, requestId, references);
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

    private void send(String paperId, String requestId, List<ReferenceQuery> references) {
        List<Candidate> candidates = references.stream().map(reference -> Candidate.newBuilder()
                .setTitle(reference.title()).setDoi(reference.doi()).setArxivId(reference.arxivId())
                .setQuery("reference " + reference.key()).setPurpose("reference").build()).toList();
        // no cutoff: the human paper's references are looked up as they are, not judged against a deadline
        CitationVerificationRequestedEvent request = CitationVerificationRequestedEvent.newBuilder()
                .setRequestId(requestId).setPaperId(paperId).setCandidates(candidates).setLlmMode(LlmMode.MODEL)
                .setKind(VerifyRequestKind.REFERENCES).build();
        try {
            requests.publish(Topics.CITATION_VERIFY_REQUESTS, paperId, request).get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new RetriableException("interrupted while sending the reference look-up of " + paperId, e);
        } catch (ExecutionException e) {
            throw new RetriableException("cannot send the reference look-up of " + paperId + ": "
                    + e.getCause().getMessage(), e.getCause());
        }
    }

    private Map<String, ScholarRecord> readAnswer(KafkaConsumer<String, SpecificRecord> answers, String requestId,
            List<ReferenceQuery> references) {
        Instant deadline = clock.instant().plus(timeout);
        while (clock.instant().isBefore(deadline)) {
            for (ConsumerRecord<String, SpecificRecord> record : answers.poll(Duration.ofMillis(500))) {
                if (record.value() instanceof CitationsVerifiedEvent verified
                        && verified.getRequestId().equals(requestId)) {
                    return byKey(references, verified.getVerdicts());
                }
            }
        }
        throw new RetriableException("the verifier did not answer the reference look-up " + requestId + " within "
                + timeout + " (it may be behind a long queue or down)");
    }

    /** The verifier answers one verdict per candidate, in the request's order. */
    static Map<String, ScholarRecord> byKey(List<ReferenceQuery> references, List<CitationVerdict> verdicts) {
        if (verdicts.size() != references.size()) {
            throw new IllegalStateException("the verifier answered " + verdicts.size() + " verdicts for "
                    + references.size() + " references");
        }
        Map<String, ScholarRecord> resolved = new HashMap<>();
        for (int i = 0; i < references.size(); i++) {
            CitationVerdict verdict = verdicts.get(i);
            // a reference without an abstract, or after some cutoff, is still the paper it names
            if (verdict.getRecord() != null && (verdict.getAccepted() || verdict.getRejection() == null
                    || !NOT_FOUND.contains(verdict.getRejection()))) {
                resolved.putIfAbsent(references.get(i).key(), verdict.getRecord());
            }
        }
        return Map.copyOf(resolved);
    }

    @Override
    public void close() {
        requests.close();
    }
}
