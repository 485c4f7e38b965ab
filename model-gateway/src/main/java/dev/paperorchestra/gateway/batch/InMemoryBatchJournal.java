package dev.paperorchestra.gateway.batch;

import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/** {@link BatchJournal#IN_MEMORY}. */
final class InMemoryBatchJournal implements BatchJournal {

    private final Map<String, SentBatch> open = new ConcurrentHashMap<>();
    private final Map<String, BatchIntent> intents = new ConcurrentHashMap<>();

    @Override
    public void submitting(BatchIntent intent) {
        intents.put(intent.localId(), intent);
    }

    @Override
    public void submitted(SentBatch batch) {
        if (batch.localId() != null) {
            intents.remove(batch.localId());
        }
        open.put(batch.journalKey(), batch);
    }

    @Override
    public void abandoned(BatchIntent intent) {
        intents.remove(intent.localId());
    }

    @Override
    public void ended(SentBatch batch) {
        open.remove(batch.journalKey());
    }

    @Override
    public List<SentBatch> open() {
        return List.copyOf(open.values());
    }

    @Override
    public List<BatchIntent> intents() {
        return List.copyOf(intents.values());
    }
}
