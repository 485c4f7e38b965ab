package dev.paperorchestra.runtime.metrics;

import dev.paperorchestra.schemas.PaperContext;
import dev.paperorchestra.schemas.StageTiming;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.time.Duration;
import java.time.Instant;
import java.util.Collection;
import java.util.List;

/**
 * A paper's life as meters: submitted, completed, failed, cancelled, dead-lettered records and latencies.
 * Every series is registered before it is first needed (counters at 0), so a dashboard shows 0 for a quiet
 * deployment instead of "no data". Tagged by stage and topic, never by paper: paper ids are unbounded.
 * One writer counts each event: outline-agent submissions, refine-agent completions and latencies, and every
 * agent its own failures, cancellations and dead letters.
 */
public final class PaperMetrics {

    public static final String SUBMITTED = "po.papers.submitted";
    public static final String COMPLETED = "po.papers.completed";
    public static final String FAILED = "po.papers.failed";
    public static final String CANCELLED = "po.papers.cancelled";
    public static final String DEAD_LETTERS = "po.dead.letters";
    public static final String PAPER_DURATION = "po.paper.duration";
    public static final String STAGE_DURATION = "po.stage.duration";
    /** The stages a completed paper's timings name; their histograms exist from the start. */
    public static final List<String> TIMED_STAGES = List.of("outline", "literature", "plotting", "writer",
            "refinement");

    private static final Duration LONGEST_EXPECTED = Duration.ofHours(6);

    private final MeterRegistry registry;
    private final Counter failed;
    private final Counter cancelled;

    public PaperMetrics(MeterRegistry registry, String stage) {
        this.registry = registry;
        this.failed = Counter.builder(FAILED).description("Papers marked failed, by the stage that failed them")
                .tag("stage", stage).register(registry);
        this.cancelled = Counter.builder(CANCELLED).description("Papers whose work was stopped by a cancel")
                .tag("stage", stage).register(registry);
    }

    /** Registers the submission counter; called by the one agent that counts submissions. */
    public PaperMetrics countingSubmissions() {
        submittedCounter();
        return this;
    }

    /** Registers the completion counter and the latency histograms; called by the agent that completes papers. */
    public PaperMetrics countingCompletions() {
        completedCounter();
        paperDuration();
        TIMED_STAGES.forEach(this::stageDuration);
        return this;
    }

    /** Registers the dead-letter counter of each topic at 0. */
    public void deadLettersPossibleFrom(Collection<String> topics) {
        topics.forEach(this::deadLetterCounter);
    }

    public void submitted() {
        submittedCounter().increment();
    }

    /** A paper finished: counts it and records its end-to-end time and each stage's time from its timings. */
    public void completed(PaperContext context, Instant now) {
        completedCounter().increment();
        paperDuration().record(nonNegative(Duration.between(context.getSubmittedAt(), now)));
        for (StageTiming timing : context.getTimings()) {
            stageDuration(timing.getStage())
                    .record(nonNegative(Duration.between(timing.getStartedAt(), timing.getFinishedAt())));
        }
    }

    public void failed() {
        failed.increment();
    }

    public void cancelled() {
        cancelled.increment();
    }

    /** A record of {@code topic} went to its dead-letter topic. */
    public void deadLettered(String topic) {
        deadLetterCounter(topic).increment();
    }

    private Counter submittedCounter() {
        return Counter.builder(SUBMITTED).description("Papers taken from paper-requests").register(registry);
    }

    private Counter completedCounter() {
        return Counter.builder(COMPLETED).description("Papers completed").register(registry);
    }

    private Counter deadLetterCounter(String topic) {
        return Counter.builder(DEAD_LETTERS).description("Records sent to <topic>-dlt, by source topic")
                .tag("topic", topic).register(registry);
    }

    private Timer paperDuration() {
        return Timer.builder(PAPER_DURATION).description("Submission to completion of a paper")
                .publishPercentileHistogram().maximumExpectedValue(LONGEST_EXPECTED).register(registry);
    }

    private Timer stageDuration(String stage) {
        return Timer.builder(STAGE_DURATION).description("Input ready to output written, per stage")
                .tag("stage", stage).publishPercentileHistogram().maximumExpectedValue(LONGEST_EXPECTED)
                .register(registry);
    }

    private static Duration nonNegative(Duration duration) {
        return duration.isNegative() ? Duration.ZERO : duration;
    }
}
