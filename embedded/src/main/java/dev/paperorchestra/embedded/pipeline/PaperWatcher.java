package dev.paperorchestra.embedded.pipeline;

import dev.paperorchestra.runtime.kafka.KafkaClientProperties;
import dev.paperorchestra.runtime.registry.EventSerdes;
import dev.paperorchestra.schemas.PaperCompletedEvent;
import dev.paperorchestra.schemas.PaperStatusChangedEvent;
import dev.paperorchestra.schemas.StageState;
import dev.paperorchestra.schemas.topics.Topics;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.Consumer;
import org.apache.avro.specific.SpecificRecord;
import org.apache.kafka.clients.consumer.CloseOptions;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.serialization.StringDeserializer;

/**
 * Follows one paper on paper-status and paper-completed until it completes, fails or runs out of time;
 * every status change is handed to the listener as it arrives.
 */
public final class PaperWatcher implements AutoCloseable {

    private final KafkaConsumer<String, SpecificRecord> consumer;
    private final Clock clock;

    public PaperWatcher(KafkaClientProperties kafka, Clock clock) {
        this.clock = clock;
        this.consumer = outcomeConsumer(kafka, "po-cli-");
    }

    /**
     * A consumer of paper-status and paper-completed from their beginning, in a group of its own, reading
     * committed records only: what every watcher of papers' outcomes reads.
     */
    public static KafkaConsumer<String, SpecificRecord> outcomeConsumer(KafkaClientProperties kafka, String groupPrefix) {
        Map<String, Object> config = kafka.common();
        config.put(ConsumerConfig.GROUP_ID_CONFIG, groupPrefix + UUID.randomUUID());
        config.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
        config.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed");
        config.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
        KafkaConsumer<String, SpecificRecord> consumer = new KafkaConsumer<>(config, new StringDeserializer(),
                EventSerdes.deserializer(config));
        consumer.subscribe(List.of(Topics.PAPER_STATUS.name(), Topics.PAPER_COMPLETED.name()));
        return consumer;
    }

    public PaperOutcome await(String paperId, Duration timeout, Consumer<PaperStatusChangedEvent> onStatus) {
        Instant deadline = clock.instant().plus(timeout);
        String lastStage = "submit";
        while (clock.instant().isBefore(deadline)) {
            PaperCompletedEvent completed = null;
            boolean finalStatusSeen = false;
            // finish the whole batch: the last status may come after paper-completed in it
            for (ConsumerRecord<String, SpecificRecord> record : OutcomeRecords.poll(consumer, Duration.ofMillis(200),
                    paperId::equals)) {
                if (!paperId.equals(record.key())) {
                    continue;
                }
                if (record.value() instanceof PaperStatusChangedEvent status) {
                    onStatus.accept(status);
                    lastStage = status.getStage();
                    if (status.getState() == StageState.FAILED) {
                        return new PaperOutcome.Failed(status.getStage(), status.getMessage());
                    }
                    if (status.getState() == StageState.CANCELLED) {
                        return new PaperOutcome.Cancelled(status.getMessage());
                    }
                    finalStatusSeen |= isFinal(status);
                } else if (record.value() instanceof PaperCompletedEvent event) {
                    completed = event;
                }
            }
            if (completed != null) {
                if (!finalStatusSeen) {
                    drainFinalStatus(paperId, onStatus);
                }
                return new PaperOutcome.Completed(completed);
            }
        }
        return new PaperOutcome.TimedOut(lastStage);
    }

    /**
     * The last stage's COMPLETED status is committed with paper-completed but may sit on another partition;
     * read it too so the user sees the stage finish, without waiting long for it.
     */
    private void drainFinalStatus(String paperId, Consumer<PaperStatusChangedEvent> onStatus) {
        Instant until = clock.instant().plusSeconds(2);
        while (clock.instant().isBefore(until)) {
            for (ConsumerRecord<String, SpecificRecord> record : OutcomeRecords.poll(consumer, Duration.ofMillis(100),
                    paperId::equals)) {
                if (paperId.equals(record.key()) && record.value() instanceof PaperStatusChangedEvent status) {
                    onStatus.accept(status);
                    if (isFinal(status)) {
                        return;
                    }
                }
            }
        }
    }

    private static boolean isFinal(PaperStatusChangedEvent status) {
        return status.getState() == StageState.COMPLETED && status.getAgent().equals(Topics.PAPER_COMPLETED.writer());
    }

    @Override
    public void close() {
        consumer.close(CloseOptions.timeout(Duration.ofSeconds(5)));
    }
}
