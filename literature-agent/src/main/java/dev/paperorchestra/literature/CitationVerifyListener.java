package dev.paperorchestra.literature;

import dev.paperorchestra.literature.verify.CitationVerifier;
import dev.paperorchestra.runtime.kafka.EventPublisher;
import dev.paperorchestra.schemas.CitationVerificationRequestedEvent;
import dev.paperorchestra.schemas.CitationsVerifiedEvent;
import dev.paperorchestra.schemas.ScholarLookupCachedEvent;
import java.time.Clock;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.kafka.annotation.KafkaListener;
import org.springframework.stereotype.Component;

/**
 * citation-verify-requests -> citation-verify-results (+ scholar-cache): the single verifier. Its topic has
 * one partition and this listener one thread, so the deployment talks to the scholarly source through one
 * consumer only.
 */
@Component
class CitationVerifyListener {

    private static final Logger log = LoggerFactory.getLogger(CitationVerifyListener.class);

    private final CitationVerifier verifier;
    private final EventPublisher publisher;
    private final Clock clock;

    CitationVerifyListener(CitationVerifier verifier, EventPublisher publisher, Clock clock) {
        this.verifier = verifier;
        this.publisher = publisher;
        this.clock = clock;
    }

    @KafkaListener(id = "literature-verifier",
            topics = "#{T(dev.paperorchestra.schemas.topics.Topics).CITATION_VERIFY_REQUESTS.name()}",
            concurrency = "1", properties = {"max.poll.records=10", "max.poll.interval.ms=900000"})
    void onRequest(CitationVerificationRequestedEvent request) {
        CitationVerifier.Outcome outcome = verifier.verify(request);
        for (CitationVerifier.Lookup lookup : outcome.lookups()) {
            publisher.publish(lookup.key(), ScholarLookupCachedEvent.newBuilder().setLookupKey(lookup.key())
                    .setFound(lookup.found()).setRecord(lookup.record()).setSource(verifier.sourceName())
                    .setFetchedAt(clock.instant()).build());
        }
        publisher.publish(request.getPaperId(), CitationsVerifiedEvent.newBuilder()
                .setRequestId(request.getRequestId()).setPaperId(request.getPaperId())
                .setVerdicts(outcome.verdicts()).setScholarRequests(outcome.requests())
                .setSource(verifier.sourceName()).build());
        long accepted = outcome.verdicts().stream().filter(verdict -> verdict.getAccepted()).count();
        log.info("paper {}: request {} verified, {} of {} accepted, {} scholarly requests", request.getPaperId(),
                request.getRequestId(), accepted, outcome.verdicts().size(), outcome.requests());
    }
}
