package dev.paperorchestra.gateway.batch;

import java.util.List;

/**
 * Where an agent keeps the batches it has sent and not yet seen end, so that after a restart it polls them again
 * instead of sending their calls a second time (agent-runtime keeps it on a Kafka topic). A batch is journaled
 * twice on its way out: as an intent before it is sent, and with the provider's id once accepted; the second
 * replaces the first (same {@link SentBatch#journalKey}). Writes return once the record is durable.
 */
public interface BatchJournal {

    /** A journal kept only in memory: nothing survives a restart (batches off, the offline path). */
    BatchJournal IN_MEMORY = new InMemoryBatchJournal();

    /** A new journal kept only in memory, for gateways that share it as two lives of one agent share its topic. */
    static BatchJournal inMemory() {
        return new InMemoryBatchJournal();
    }

    /** Records a batch about to be sent, before the provider sees it. */
    void submitting(BatchIntent intent);

    /** Records a batch the provider accepted, before any of its calls is answered; it replaces its intent. */
    void submitted(SentBatch batch);

    /**
     * Records that an intent's batch was not sent (the provider refused it) or was not found again after a
     * restart: its calls are sent again when their stages run, and nobody looks for it any more.
     */
    void abandoned(BatchIntent intent);

    /** Records that a batch ended and its answers are filed. */
    void ended(SentBatch batch);

    /** The batches this agent sent that have not ended, as recorded. */
    List<SentBatch> open();

    /** The batches this agent was about to send with no provider id recorded, neither accepted nor abandoned. */
    List<BatchIntent> intents();
}
