package dev.paperorchestra.gateway.batch;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * One provider's batch interface for one configured endpoint (the same model, base URL and key as its
 * synchronous {@code ChatProvider}): requests sent together, answered within the provider's completion window at
 * its batch price. Failures follow the runtime's taxonomy: {@code RetriableException} for 429, 5xx and timeouts,
 * {@code PermanentException} for what retrying cannot fix.
 */
public interface BatchApi {

    /**
     * How much further back than the intent {@link #find} looks: our clock and the provider's may differ, and a
     * batch is created at the provider after the intent is journaled here.
     */
    Duration FIND_LOOK_BACK = Duration.ofMinutes(10);
    /** The most pages of the provider's batch list {@link #find} reads: a bound for a project that sends many. */
    int FIND_MAX_PAGES = 20;

    /**
     * Sends the items as one batch that carries our {@code localId} where the provider keeps a caller's tag (OpenAI:
     * metadata; Gemini: the display name), so {@link #find} can find it again. A provider that keeps none
     * (Anthropic) sends it untagged.
     *
     * @param localId our id of the batch, or null for none
     * @return the provider's id of the batch, to poll
     * @throws IllegalArgumentException when there are no items
     */
    SubmittedBatch submit(@Nullable String localId, List<BatchItem> items);

    /** Sends the items as one batch without a local id. */
    default SubmittedBatch submit(List<BatchItem> items) {
        return submit(null, items);
    }

    /**
     * The batch sent with {@code localId} (by {@link #submit(String, List)}), looking back no further than
     * {@code since}: how a process that stopped after the provider accepted a batch and before the journal recorded
     * its id finds it. Empty when no batch carries it, or when the provider keeps no caller's tag (the default):
     * the calls are then sent again, and a batch the provider did accept is paid twice.
     */
    default Optional<SubmittedBatch> find(String localId, Instant since) {
        return Optional.empty();
    }

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
