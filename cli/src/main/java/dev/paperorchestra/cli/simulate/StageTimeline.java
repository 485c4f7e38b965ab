package dev.paperorchestra.cli.simulate;

import dev.paperorchestra.schemas.PaperStatusChangedEvent;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.Set;

/**
 * Every paper's stage timeline as its paper-status events tell it (first STARTED to last COMPLETED of each
 * stage), and the critical path measured on it: the pipeline's chain of dependent stages, each taking the time it
 * actually took, with literature and plotting side by side (the writer needs both, so the longer one counts).
 * The waits between stages (a record queued behind other papers' records) are not on it: it is what one paper
 * would take if it never waited for another.
 */
final class StageTimeline {

    /** Stages that run beside each other after the outline; the others follow one another. */
    static final Set<String> PARALLEL = Set.of("literature", "plotting");

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

    /** Seconds each stage of the paper took, for the stages that both started and completed. */
    Map<String, Double> stageSeconds(String paperId) {
        Map<String, Double> seconds = new LinkedHashMap<>();
        starts.getOrDefault(paperId, Map.of()).forEach((stage, started) -> {
            Instant finished = finishes.getOrDefault(paperId, Map.of()).get(stage);
            if (finished != null && !finished.isBefore(started)) {
                seconds.put(stage, Duration.between(started, finished).toMillis() / 1000.0);
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
