package dev.paperorchestra.gateway.batch;

import java.util.List;

/**
 * Where an agent keeps the batches it has sent and not yet seen end, so that after a restart it polls them again
 * instead of sending their calls a second time (agent-runtime keeps it on a Kafka topic). Writes return once the
 * record is durable.
 */
public interface BatchJournal {

    /** A journal kept only in memory: nothing survives a restart (batches off, the offline path). */
    BatchJournal IN_MEMORY = new InMemoryBatchJournal();

    /** A new journal kept only in memory, for gateways that share it as two lives of one agent share its topic. */
    static BatchJournal inMemory() {
        return new InMemoryBatchJournal();
    }

    /** Records a batch the provider accepted, before any of its calls is answered. */
    void submitted(SentBatch batch);

    /** Records that a batch ended and its answers are filed. */
    void ended(SentBatch batch);

    /** The batches this agent sent that have not ended, as recorded. */
    List<SentBatch> open();
}
