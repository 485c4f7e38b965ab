package dev.paperorchestra.literature;

import dev.paperorchestra.literature.verify.CitationVerifier;
import dev.paperorchestra.schemas.CitationVerdict;
import io.micrometer.core.instrument.DistributionSummary;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Duration;
import java.util.Objects;

/**
 * The literature agent's domain metrics. Tagged by source, endpoint, outcome and reason, never by paper:
 * paper ids would make every series unbounded. S2 requests by endpoint and status are counted by the client.
 */
final class LiteratureMetrics {

    private final MeterRegistry registry;
    private final DistributionSummary papersPerRequest;

    LiteratureMetrics(MeterRegistry registry) {
        this.registry = registry;
        this.papersPerRequest = DistributionSummary.builder("po.scholar.papers.per.request")
                .description("records resolved per scholarly request, per verification batch").register(registry);
    }

    void discoveryTask(String source, Duration latency, int candidates) {
        registry.timer("po.literature.discovery.task", "source", source).record(latency);
        registry.counter("po.literature.candidates", "outcome", "found", "reason", "none").increment(candidates);
    }

    void verificationQueueWait(Duration wait) {
        registry.timer("po.literature.verification.queue.wait").record(wait.isNegative() ? Duration.ZERO : wait);
    }

    void verified(CitationVerifier.Outcome outcome) {
        registry.counter("po.scholar.cache.hits", "source", outcome.source()).increment(outcome.cacheHits());
        // papers per request measures the live service's budget; replay lookups cost none
        if (outcome.scholarRequests() > 0) {
            papersPerRequest.record((double) outcome.resolvedByRequests() / outcome.scholarRequests());
        }
        for (CitationVerdict verdict : outcome.verdicts()) {
            String reason = verdict.getAccepted() ? "none" : Objects.requireNonNullElse(verdict.getRejection(),
                    "other");
            registry.counter("po.literature.candidates", "outcome", verdict.getAccepted() ? "accepted" : "rejected",
                    "reason", reason).increment();
        }
    }
}
