package dev.paperorchestra.gateway.usage;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/** A ledger in this JVM only: for tests, and the local half of {@link KafkaUsageLedger}. */
public final class InMemoryUsageLedger implements UsageLedger {

    private final Map<String, List<LlmUsage>> byPaper = new ConcurrentHashMap<>();

    @Override
    public void record(LlmUsage usage) {
        byPaper.compute(usage.paperId(), (paper, calls) -> {
            List<LlmUsage> next = calls == null ? new ArrayList<>() : new ArrayList<>(calls);
            next.add(usage);
            return List.copyOf(next);
        });
    }

    @Override
    public PaperUsage usage(String paperId) {
        return new PaperUsage(paperId, byPaper.getOrDefault(paperId, List.of()));
    }
}
