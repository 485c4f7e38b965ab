package dev.paperorchestra.runtime.streams;

import dev.paperorchestra.runtime.metrics.PaperMetrics;
import dev.paperorchestra.runtime.tracing.RecordTracing;
import java.time.Clock;

/**
 * What every aggregation topology of an agent shares: who reports (agent and stage), the clock, the paper
 * meters its dead letters count on and the trace context it carries from input to output records.
 */
public record AggregationSupport(String agent, String stage, Clock clock, PaperMetrics metrics,
        RecordTracing tracing) {
}
