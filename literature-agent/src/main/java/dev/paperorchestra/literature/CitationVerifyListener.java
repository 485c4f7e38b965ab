package dev.paperorchestra.literature;

import dev.paperorchestra.literature.verify.CitationVerifier;
import dev.paperorchestra.base.errors.PermanentException;
import dev.paperorchestra.runtime.kafka.DeadLetterRecoverer;
import dev.paperorchestra.runtime.kafka.EventPublisher;
import dev.paperorchestra.runtime.tracing.RecordTracing;
import dev.paperorchestra.schemas.CitationVerificationRequestedEvent;
import dev.paperorchestra.schemas.CitationsVerifiedEvent;
import dev.paperorchestra.schemas.topics.Topics;
import io.micrometer.tracing.Span;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.apache.avro.specific.SpecificRecord;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.kafka.annotation.KafkaListener;
import org.springframework.stereotype.Component;

/**
 * citation-verify-requests -> citation-verify-results: the single verifier (its new answers go to scholar-cache
 * as they arrive, see {@link KafkaScholarCache}). Its topic has one partition and this listener one thread, so
 * the deployment talks to the scholarly source through one consumer only; further replicas join the group,
 * stand by and take the partition over when the active one dies. It takes what is queued (several papers'
 * requests) in one poll, so their ids share Semantic Scholar batch requests. A request that fails permanently
 * goes to the dead-letter topic on its own, in the same transaction that answers the others; a retriable
 * failure hands the whole poll back to Kafka, as does a process that stood still long enough to lose the
 * partition ({@link FreezeWatch}). When the scholarly service does not answer (every attempt of one request
 * failed), the poll is handed back and the verifier waits before it takes it again, longer after each failed
 * poll up to a cap ({@link ScholarOutage}); each paper of the poll is told it waits on the service and since
 * when, and the papers go on when the service answers: their verification is deferred, never dropped.
 */
@Component
class CitationVerifyListener {

    static final String CONTAINER_FACTORY = "verifierContainerFactory";
    static final String ID = "literature-agent.citation-verify-requests";
    /** The consumer group (the listener's id before ids were {@code <agent>.<topic>}). */
    static final String GROUP = "literature-verifier";
    private static final Logger log = LoggerFactory.getLogger(CitationVerifyListener.class);

    private final CitationVerifier verifier;
    private final KafkaScholarCache cache;
    private final FreezeWatch freezeWatch;
    private final EventPublisher publisher;
    private final DeadLetterRecoverer deadLetters;
    private final LiteratureMetrics metrics;
    private final Clock clock;
    private final RecordTracing tracing;
    private final ScholarOutage outage;

    CitationVerifyListener(CitationVerifier verifier, KafkaScholarCache cache, FreezeWatch freezeWatch,
            EventPublisher publisher, DeadLetterRecoverer verifierDeadLetters, LiteratureMetrics metrics, Clock clock,
            RecordTracing tracing, ScholarOutage verifierOutage) {
        this.verifier = verifier;
        this.cache = cache;
        this.freezeWatch = freezeWatch;
        this.publisher = publisher;
        this.deadLetters = verifierDeadLetters;
        this.metrics = metrics;
        this.clock = clock;
        this.tracing = tracing;
        this.outage = verifierOutage;
    }

    // the factory bounds the poll and the session timeout: see LiteratureAgentConfiguration
    @KafkaListener(id = ID, groupId = GROUP, containerFactory = CONTAINER_FACTORY,
            topics = Topics.Names.CITATION_VERIFY_REQUESTS)
    void onRequests(List<ConsumerRecord<String, SpecificRecord>> records) {
        List<ConsumerRecord<String, SpecificRecord>> readable = new ArrayList<>();
        List<CitationVerificationRequestedEvent> requests = new ArrayList<>();
        for (ConsumerRecord<String, SpecificRecord> record : records) {
            metrics.verificationQueueWait(Duration.between(Instant.ofEpochMilli(record.timestamp()), clock.instant()));
            if (record.value() instanceof CitationVerificationRequestedEvent request) {
                readable.add(record);
                requests.add(request);
            } else {
                deadLetters.accept(record, new PermanentException("citation-verify-requests record "
                        + record.partition() + "@" + record.offset() + " is not a verification request"));
            }
        }
        if (requests.isEmpty()) {
            return;
        }
        freezeWatch.pollStarted();
        cache.catchUp();
        List<CitationVerifier.Result> results;
        try {
            results = outage.attempt(requests, () -> verifier.verifyAll(requests));
        } finally {
            // the answers are on scholar-cache before the verdicts built on them commit, or the poll goes back
            cache.flush();
        }
        for (int i = 0; i < results.size(); i++) {
            switch (results.get(i)) {
                case CitationVerifier.Result.Verified verified -> publishInTrace(readable.get(i), requests.get(i),
                        verified.outcome());
                case CitationVerifier.Result.Failed failed -> deadLetters.accept(readable.get(i), failed.failure());
            }
        }
    }

    /**
     * A batch listener has no per-record observation, so each answer continues its own paper's trace from the
     * request's headers; otherwise every later hop of that paper would start a new trace.
     */
    private void publishInTrace(ConsumerRecord<String, SpecificRecord> record,
            CitationVerificationRequestedEvent request, CitationVerifier.Outcome outcome) {
        Span span = tracing.continueFrom(record.headers(), "verify " + record.topic());
        try (var scope = tracing.inScope(span)) {
            publish(request, outcome);
        } finally {
            span.end();
        }
    }

    private void publish(CitationVerificationRequestedEvent request, CitationVerifier.Outcome outcome) {
        publisher.publish(Topics.CITATION_VERIFY_RESULTS, request.getPaperId(), CitationsVerifiedEvent.newBuilder()
                .setRequestId(request.getRequestId()).setPaperId(request.getPaperId())
                .setVerdicts(outcome.verdicts()).setScholarRequests(outcome.scholarRequests())
                .setReplayLookups(outcome.replayLookups()).setCacheHits(outcome.cacheHits())
                .setResolvedByRequests(outcome.resolvedByRequests()).setSource(outcome.source())
                .setKind(request.getKind()).build());
        metrics.verified(outcome);
        long accepted = outcome.verdicts().stream().filter(verdict -> verdict.getAccepted()).count();
        log.info("paper {}: request {} verified against {}, {} of {} accepted, {} {}, {} cache hits",
                request.getPaperId(), request.getRequestId(), outcome.source(), accepted, outcome.verdicts().size(),
                outcome.requests(), outcome.replay() ? "replay lookups" : "requests", outcome.cacheHits());
    }
}
