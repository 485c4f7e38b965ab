package dev.paperorchestra.cli.tally;

import dev.paperorchestra.embedded.pipeline.TopicRecords;
import dev.paperorchestra.schemas.NamedArtifact;
import dev.paperorchestra.schemas.PaperCompletedEvent;
import dev.paperorchestra.schemas.topics.Topics;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * How often each paper was put on paper-requests and on paper-completed, and whether a completed paper names an
 * output file twice: what the chaos suite checks after agents were killed while papers were in flight (every
 * paper requested once, completed exactly once, no duplicate files).
 */
public final class PaperTally {

    /** One paper's counts. */
    public record Line(int requests, int completions, int artifacts, int duplicateArtifacts) {

        Line plus(Line other) {
            return new Line(requests + other.requests, completions + other.completions, artifacts + other.artifacts,
                    duplicateArtifacts + other.duplicateArtifacts);
        }

        /** {@code requests=1 completed=1 artifacts=14 duplicate_artifacts=0} */
        @Override
        public String toString() {
            return "requests=" + requests + " completed=" + completions + " artifacts=" + artifacts
                    + " duplicate_artifacts=" + duplicateArtifacts;
        }
    }

    private final Map<String, Line> lines = new TreeMap<>();

    public void requested(String paperId) {
        lines.merge(paperId, new Line(1, 0, 0, 0), Line::plus);
    }

    public void completed(String paperId, List<NamedArtifact> artifacts) {
        Set<String> names = new HashSet<>();
        int duplicates = 0;
        for (NamedArtifact artifact : artifacts) {
            if (!names.add(artifact.getName())) {
                duplicates++;
            }
        }
        lines.merge(paperId, new Line(0, 1, artifacts.size(), duplicates), Line::plus);
    }

    /** Paper id to its counts, sorted by id. */
    public Map<String, Line> lines() {
        return Collections.unmodifiableMap(new TreeMap<>(lines));
    }

    /** Reads paper-requests and paper-completed to their current ends. */
    public static PaperTally read(String bootstrapServers) {
        return read(bootstrapServers, Map.of());
    }

    /** As {@link #read(String)}, with extra client settings (the schema registry of Confluent-framed events). */
    public static PaperTally read(String bootstrapServers, Map<String, ?> client) {
        PaperTally tally = new PaperTally();
        TopicRecords.read(bootstrapServers, client, Topics.PAPER_REQUESTS.name(),
                record -> tally.requested(record.key()));
        TopicRecords.read(bootstrapServers, client, Topics.PAPER_COMPLETED.name(), record -> {
            if (record.value() instanceof PaperCompletedEvent event) {
                tally.completed(record.key(), event.getArtifacts());
            }
        });
        return tally;
    }
}
