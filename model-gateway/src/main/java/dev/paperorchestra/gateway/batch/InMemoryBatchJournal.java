package dev.paperorchestra.gateway.batch;

import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/** {@link BatchJournal#IN_MEMORY}. */
final class InMemoryBatchJournal implements BatchJournal {

    private final Map<String, SentBatch> open = new ConcurrentHashMap<>();

    @Override
    public void submitted(SentBatch batch) {
        open.put(batch.batchId(), batch);
    }

    @Override
    public void ended(SentBatch batch) {
        open.remove(batch.batchId());
    }

    @Override
    public List<SentBatch> open() {
        return List.copyOf(open.values());
    }
}
