package dev.paperorchestra.literature;

import static dev.paperorchestra.literature.Fixtures.accepted;
import static dev.paperorchestra.literature.Fixtures.candidate;
import static dev.paperorchestra.literature.Fixtures.record;
import static dev.paperorchestra.literature.Fixtures.rejected;
import static org.assertj.core.api.Assertions.assertThat;

import dev.paperorchestra.literature.verify.CitationVerifier;
import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class LiteratureMetricsTest {

    private final SimpleMeterRegistry registry = new SimpleMeterRegistry();
    private final LiteratureMetrics metrics = new LiteratureMetrics(registry);

    @Test
    void counts_verdicts_by_outcome_and_reason_cache_hits_and_papers_per_request() {
        metrics.verified(new CitationVerifier.Outcome("semantic-scholar", "semantic-scholar", false, List.of(
                accepted(candidate("A").build(), record("s1", "A").build()),
                rejected(candidate("B").build(), "no-abstract", "no abstract"),
                rejected(candidate("C").build(), "no-abstract", "no abstract")), List.of(), 2, 3, 5));

        assertThat(registry.counter("po.literature.candidates", "outcome", "accepted", "reason", "none").count())
                .isEqualTo(1);
        assertThat(registry.counter("po.literature.candidates", "outcome", "rejected", "reason", "no-abstract")
                .count()).isEqualTo(2);
        assertThat(registry.counter("po.scholar.cache.hits", "source", "semantic-scholar").count()).isEqualTo(3);
        assertThat(registry.summary("po.scholar.papers.per.request").mean()).isEqualTo(2.5);
    }

    @Test
    void times_discovery_tasks_and_the_verification_queue() {
        metrics.discoveryTask("openalex", Duration.ofMillis(300), 4);
        metrics.verificationQueueWait(Duration.ofSeconds(2));

        assertThat(registry.timer("po.literature.discovery.task", "source", "openalex").totalTime(TimeUnit.MILLISECONDS))
                .isEqualTo(300);
        assertThat(registry.counter("po.literature.candidates", "outcome", "found", "reason", "none").count())
                .isEqualTo(4);
        assertThat(registry.timer("po.literature.verification.queue.wait").totalTime(TimeUnit.SECONDS)).isEqualTo(2);
    }

    @Test
    void never_tags_a_meter_by_paper() {
        metrics.discoveryTask("openalex", Duration.ofMillis(1), 1);
        metrics.verified(new CitationVerifier.Outcome("semantic-scholar", "semantic-scholar", false, List.of(),
                List.of(), 1, 0, 1));

        assertThat(registry.getMeters()).flatExtracting(meter -> meter.getId().getTags())
                .noneMatch(tag -> tag.getKey().toLowerCase(Locale.ROOT).contains("paper"));
        assertThat(registry.getMeters()).extracting(Meter::getId).isNotEmpty();
    }
}
