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

    /**
     * The batch as the provider reports it now; once it has ended, with every answer and failure it lists.
     *
     * @param customIds the ids of its items in the order they were submitted (the journal keeps them so, and a
     *                  restarted agent has them too): a provider that answers in request order without naming
     *                  each answer's item (Gemini) needs them to file its answers; the others ignore them
     */
    BatchPoll poll(String batchId, List<String> customIds);

    /**
     * Frees what the provider keeps of an ended batch once its answers are filed and the batch is journaled as
     * ended (OpenAI: its uploaded input file and its output and error files). Best effort: what cannot be freed is
     * logged and left; it never throws and never touches an answer. Nothing to do by default.
     */
    default void release(String batchId) {
    }
}
