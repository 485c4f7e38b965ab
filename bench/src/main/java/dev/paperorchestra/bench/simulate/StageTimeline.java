package dev.paperorchestra.bench.simulate;

import dev.paperorchestra.schemas.PaperStatusChangedEvent;
import java.time.Duration;
import java.time.Instant;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.OptionalDouble;
import java.util.Set;

/**
 * Every paper's stage timeline as its paper-status events tell it (first STARTED to last COMPLETED of each
 * stage), and the critical path measured on it: the pipeline's chain of dependent stages, each taking the time it
 * actually took, with literature and plotting side by side (the writer needs both, so the longer one counts).
 * The waits before a stage that reports its start (a record queued behind other papers' records) are not on
 * it: it is what one paper would take if it never waited for another. A stage that reports no start (the
 * writer publishes only its completion) is taken to start when its last input completed, as the stage timings
 * of summary.json do, so the wait for it stays on the path.
 */
final class StageTimeline {

    /** Stages that run beside each other after the outline; the others follow one another. */
    static final Set<String> PARALLEL = Set.of("literature", "plotting");
    /** The stages whose output each stage needs. */
    private static final Map<String, List<String>> INPUTS = Map.of("literature", List.of("outline"),
            "plotting", List.of("outline"), "writer", List.of("literature", "plotting"),
            "refinement", List.of("writer"));

    private final Map<String, Map<String, Instant>> starts = new HashMap<>();
    private final Map<String, Map<String, Instant>> finishes = new HashMap<>();

    void record(PaperStatusChangedEvent status) {
        String paperId = status.getPaperId();
        switch (status.getState()) {
            case STARTED -> starts.computeIfAbsent(paperId, id -> new LinkedHashMap<>())
                    .putIfAbsent(status.getStage(), status.getOccurredAt());
            case COMPLETED -> finishes.computeIfAbsent(paperId, id -> new LinkedHashMap<>())
                    .merge(status.getStage(), status.getOccurredAt(), (a, b) -> a.isAfter(b) ? a : b);
            default -> {
            }
        }
    }

    /** Seconds each completed stage of the paper took, for the stages whose start is known. */
    Map<String, Double> stageSeconds(String paperId) {
        Map<String, Instant> started = starts.getOrDefault(paperId, Map.of());
        Map<String, Instant> finished = finishes.getOrDefault(paperId, Map.of());
        Map<String, Double> seconds = new LinkedHashMap<>();
        finished.forEach((stage, end) -> {
            Instant start = started.containsKey(stage) ? started.get(stage)
                    : INPUTS.getOrDefault(stage, List.of()).stream().map(finished::get).filter(Objects::nonNull)
                            .max(Comparator.naturalOrder()).orElse(null);
            if (start != null && !end.isBefore(start)) {
                seconds.put(stage, Duration.between(start, end).toMillis() / 1000.0);
            }
        });
        return seconds;
    }

    /** The paper's measured critical path in seconds; empty when no stage of it both started and completed. */
    OptionalDouble criticalPathSeconds(String paperId) {
        Map<String, Double> stages = stageSeconds(paperId);
        if (stages.isEmpty()) {
            return OptionalDouble.empty();
        }
        double sequential = stages.entrySet().stream().filter(entry -> !PARALLEL.contains(entry.getKey()))
                .mapToDouble(Map.Entry::getValue).sum();
        double parallel = stages.entrySet().stream().filter(entry -> PARALLEL.contains(entry.getKey()))
                .mapToDouble(Map.Entry::getValue).max().orElse(0);
        return OptionalDouble.of(sequential + parallel);
    }
}
