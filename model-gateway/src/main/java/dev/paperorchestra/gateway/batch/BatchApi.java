package dev.paperorchestra.gateway.batch;

import java.util.List;

/**
 * One provider's batch interface for one configured endpoint (the same model, base URL and key as its
 * synchronous {@code ChatProvider}): requests sent together, answered within the provider's completion window at
 * its batch price. Failures follow the runtime's taxonomy: {@code RetriableException} for 429, 5xx and timeouts,
 * {@code PermanentException} for what retrying cannot fix.
 */
public interface BatchApi {

    /**
     * Sends the items as one batch.
     *
     * @return the provider's id of the batch, to poll
     */
    SubmittedBatch submit(List<BatchItem> items);

    /** The batch as the provider reports it now; once it has ended, with every answer and failure it lists. */
    BatchPoll poll(String batchId);
}
