package dev.paperorchestra.literature;

import dev.paperorchestra.literature.verify.CitationVerifier;
import dev.paperorchestra.runtime.kafka.EventPublisher;
import dev.paperorchestra.schemas.CitationVerificationRequestedEvent;
import dev.paperorchestra.schemas.CitationsVerifiedEvent;
import dev.paperorchestra.schemas.ScholarLookupCachedEvent;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.kafka.annotation.KafkaListener;
import org.springframework.kafka.support.KafkaHeaders;
import org.springframework.messaging.handler.annotation.Header;
import org.springframework.stereotype.Component;

/**
 * citation-verify-requests -> citation-verify-results (+ scholar-cache): the single verifier. Its topic has
 * one partition and this listener one thread, so the deployment talks to the scholarly source through one
 * consumer only; further replicas join the group, stand by and take the partition over when the active one
 * dies. Few records per poll: each may wait seconds for rate-limited requests.
 */
@Component
class CitationVerifyListener {

    static final String ID = "literature-verifier";
    private static final Logger log = LoggerFactory.getLogger(CitationVerifyListener.class);

    private final CitationVerifier verifier;
    private final KafkaScholarCache cache;
    private final EventPublisher publisher;
    private final LiteratureMetrics metrics;
    private final Clock clock;

    CitationVerifyListener(CitationVerifier verifier, KafkaScholarCache cache, EventPublisher publisher,
            LiteratureMetrics metrics, Clock clock) {
        this.verifier = verifier;
        this.cache = cache;
        this.publisher = publisher;
        this.metrics = metrics;
        this.clock = clock;
    }

    @KafkaListener(id = ID,
            topics = "#{T(dev.paperorchestra.schemas.topics.Topics).CITATION_VERIFY_REQUESTS.name()}",
            concurrency = "1", properties = {"max.poll.records=5", "max.poll.interval.ms=900000"})
    void onRequest(CitationVerificationRequestedEvent request, @Header(KafkaHeaders.RECEIVED_TIMESTAMP) long sentAt) {
        metrics.verificationQueueWait(Duration.between(Instant.ofEpochMilli(sentAt), clock.instant()));
        cache.catchUp();
        CitationVerifier.Outcome outcome = verifier.verify(request);
        for (CitationVerifier.Lookup lookup : outcome.lookups()) {
            publisher.publish(lookup.key(), ScholarLookupCachedEvent.newBuilder().setLookupKey(lookup.key())
                    .setFound(lookup.found()).setRecord(lookup.record()).setSource(outcome.source())
                    .setFetchedAt(clock.instant()).build());
        }
        publisher.publish(request.getPaperId(), CitationsVerifiedEvent.newBuilder()
                .setRequestId(request.getRequestId()).setPaperId(request.getPaperId())
                .setVerdicts(outcome.verdicts()).setScholarRequests(outcome.requests())
                .setCacheHits(outcome.cacheHits()).setResolvedByRequests(outcome.resolvedByRequests())
                .setSource(outcome.source()).build());
        metrics.verified(outcome);
        long accepted = outcome.verdicts().stream().filter(verdict -> verdict.getAccepted()).count();
        log.info("paper {}: request {} verified against {}, {} of {} accepted, {} requests, {} cache hits",
                request.getPaperId(), request.getRequestId(), outcome.source(), accepted, outcome.verdicts().size(),
                outcome.requests(), outcome.cacheHits());
    }
}
