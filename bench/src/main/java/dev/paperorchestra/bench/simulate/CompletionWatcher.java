package dev.paperorchestra.bench.simulate;

import dev.paperorchestra.embedded.pipeline.OutcomeRecords;
import dev.paperorchestra.embedded.pipeline.PaperWatcher;
import dev.paperorchestra.runtime.kafka.KafkaClientProperties;
import dev.paperorchestra.runtime.blob.BlobStore;
import dev.paperorchestra.model.summary.RunSummary;
import dev.paperorchestra.schemas.NamedArtifact;
import dev.paperorchestra.schemas.PaperCompletedEvent;
import dev.paperorchestra.schemas.PaperStatusChangedEvent;
import dev.paperorchestra.schemas.StageState;
import java.io.PrintStream;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.apache.avro.specific.SpecificRecord;
import org.apache.kafka.clients.consumer.CloseOptions;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;

/** Waits for many papers at once: each completes (paper-completed) or fails (a FAILED status). */
final class CompletionWatcher implements AutoCloseable {

    private final KafkaConsumer<String, SpecificRecord> consumer;

    CompletionWatcher(KafkaClientProperties kafka) {
        this.consumer = PaperWatcher.outcomeConsumer(kafka, "po-simulate-");
    }

    /** How the papers ended by the deadline, and the stage timeline their statuses told. */
    record Outcomes(Map<String, PaperCompletedEvent> completions, Map<String, String> failures,
            Optional<Instant> lastCompletion, StageTimeline timeline) {

        /** The measured critical path of every completed paper, in seconds. */
        List<Double> measuredCriticalPaths() {
            return completions.keySet().stream().map(timeline::criticalPathSeconds)
                    .filter(java.util.OptionalDouble::isPresent).map(java.util.OptionalDouble::getAsDouble).toList();
        }

        int completed() {
            return completions.size();
        }

        /** Each completed paper's summary.json. */
        List<RunSummary> summaries(BlobStore blobs) {
            List<RunSummary> summaries = new ArrayList<>();
            for (PaperCompletedEvent completed : completions.values()) {
                for (NamedArtifact artifact : completed.getArtifacts()) {
                    if (artifact.getName().equals("summary.json")) {
                        summaries.add(RunSummary.parse(blobs.getText(artifact.getArtifact()),
                                "summary.json of " + completed.getContext().getPaperId()));
                    }
                }
            }
            return summaries;
        }
    }

    Outcomes await(List<String> paperIds, Instant deadline, PrintStream out) {
        Set<String> waiting = new HashSet<>(paperIds);
        Map<String, PaperCompletedEvent> completions = new LinkedHashMap<>();
        Map<String, String> failures = new LinkedHashMap<>();
        Instant last = null;
        StageTimeline timeline = new StageTimeline();
        while (!waiting.isEmpty() && Instant.now().isBefore(deadline)) {
            for (ConsumerRecord<String, SpecificRecord> record : OutcomeRecords.poll(consumer,
                    Duration.ofMillis(200), waiting::contains)) {
                String paperId = record.key();
                if (!waiting.contains(paperId)) {
                    continue;
                }
                if (record.value() instanceof PaperStatusChangedEvent status) {
                    timeline.record(status);
                }
                if (record.value() instanceof PaperCompletedEvent completed) {
                    waiting.remove(paperId);
                    completions.put(paperId, completed);
                    last = Instant.now();
                    out.printf("[%d/%d] %s completed%n", completions.size() + failures.size(), paperIds.size(),
                            paperId);
                } else if (record.value() instanceof PaperStatusChangedEvent status
                        && status.getState() == StageState.FAILED) {
                    waiting.remove(paperId);
                    failures.put(paperId, status.getStage() + ": " + status.getMessage());
                    out.printf("[%d/%d] %s FAILED at %s%n", completions.size() + failures.size(), paperIds.size(),
                            paperId, failures.get(paperId));
                }
            }
        }
        waiting.forEach(paperId -> out.printf("%s did not finish in time%n", paperId));
        return new Outcomes(completions, failures, Optional.ofNullable(last), timeline);
    }

    @Override
    public void close() {
        consumer.close(CloseOptions.timeout(Duration.ofSeconds(5)));
    }
}
