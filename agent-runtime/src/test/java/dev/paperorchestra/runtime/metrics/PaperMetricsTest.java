package dev.paperorchestra.runtime.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import dev.paperorchestra.schemas.JobOptions;
import dev.paperorchestra.schemas.PaperContext;
import dev.paperorchestra.schemas.StageTiming;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class PaperMetricsTest {

    private static final Instant SUBMITTED = Instant.parse("2026-01-01T00:00:00Z");

    private final SimpleMeterRegistry registry = new SimpleMeterRegistry();

    @Test
    void every_agent_registers_its_failures_and_cancellations_at_zero_but_not_the_lifecycle_counters() {
        new PaperMetrics(registry, "writer").deadLettersPossibleFrom(List.of("literature-ready", "figures-ready"));

        assertThat(registry.get(PaperMetrics.FAILED).tag("stage", "writer").counter().count()).isZero();
        assertThat(registry.get(PaperMetrics.CANCELLED).tag("stage", "writer").counter().count()).isZero();
        assertThat(registry.get(PaperMetrics.DEAD_LETTERS).counters()).hasSize(2)
                .allSatisfy(counter -> assertThat(counter.count()).isZero());
        assertThat(registry.find(PaperMetrics.SUBMITTED).counter()).isNull();
        assertThat(registry.find(PaperMetrics.COMPLETED).counter()).isNull();
    }

    @Test
    void the_completing_agent_has_its_histograms_from_the_start_and_records_each_stage_of_a_completed_paper() {
        PaperMetrics metrics = new PaperMetrics(registry, "refine").countingCompletions();
        assertThat(registry.get(PaperMetrics.STAGE_DURATION).timers()).hasSize(PaperMetrics.TIMED_STAGES.size());

        metrics.completed(context(timing("outline", 0, 60), timing("writer", 60, 300)), SUBMITTED.plusSeconds(900));

        assertThat(registry.get(PaperMetrics.COMPLETED).counter().count()).isEqualTo(1);
        assertThat(registry.get(PaperMetrics.PAPER_DURATION).timer().totalTime(TimeUnit.SECONDS)).isEqualTo(900);
        assertThat(registry.get(PaperMetrics.STAGE_DURATION).tag("stage", "writer").timer()
                .totalTime(TimeUnit.SECONDS)).isEqualTo(240);
        assertThat(registry.get(PaperMetrics.STAGE_DURATION).tag("stage", "plotting").timer().count()).isZero();
    }

    @Test
    void a_dead_letter_counts_on_its_source_topic() {
        PaperMetrics metrics = new PaperMetrics(registry, "outline");

        metrics.deadLettered("paper-requests");
        metrics.failed();

        assertThat(registry.get(PaperMetrics.DEAD_LETTERS).tag("topic", "paper-requests").counter().count())
                .isEqualTo(1);
        assertThat(registry.get(PaperMetrics.FAILED).tag("stage", "outline").counter().count()).isEqualTo(1);
    }

    private static StageTiming timing(String stage, int startSecond, int endSecond) {
        return StageTiming.newBuilder().setStage(stage).setAgent(stage + "-agent")
                .setStartedAt(SUBMITTED.plusSeconds(startSecond)).setFinishedAt(SUBMITTED.plusSeconds(endSecond))
                .build();
    }

    /** Only the times matter here; the all-fields constructor skips the materials a real context carries. */
    private static PaperContext context(StageTiming... timings) {
        return new PaperContext("p1", SUBMITTED, null, JobOptions.newBuilder().build(), null, List.of(timings), null,
                List.of(), null);
    }
}
