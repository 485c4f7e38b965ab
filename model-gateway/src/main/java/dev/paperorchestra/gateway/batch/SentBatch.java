package dev.paperorchestra.gateway.batch;

import dev.paperorchestra.gateway.provider.ProviderEndpoint;
import java.time.Instant;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * A batch a provider accepted, as the journal keeps it.
 *
 * @param batchId     the provider's id
 * @param endpoint    where it was sent (provider, model, base URL; never the key)
 * @param submittedAt when the provider accepted it
 * @param expiresAt   the end of the provider's completion window, or null when it did not say
 * @param items       its calls, by custom id with the paper, agent and role each was made for
 * @param localId     our id of it, journaled with its {@link BatchIntent} before it was sent; null for a batch
 *                    journaled before intents were
 */
public record SentBatch(String batchId, ProviderEndpoint endpoint, Instant submittedAt, @Nullable Instant expiresAt,
        List<Item> items, @Nullable String localId) {

    public SentBatch {
        items = List.copyOf(items);
    }

    /** A batch with no local id. */
    public SentBatch(String batchId, ProviderEndpoint endpoint, Instant submittedAt, @Nullable Instant expiresAt,
            List<Item> items) {
        this(batchId, endpoint, submittedAt, expiresAt, items, null);
    }

    /** The journal's key of the batch: its local id when it has one (its intent had the same), else its id. */
    public String journalKey() {
        return localId == null ? batchId : localId;
    }

    /**
     * One call of a batch.
     *
     * @param customId        the call's response cache key
     * @param paperId         the paper it is for
     * @param agent           the agent that made it
     * @param role            the role it was made as (lower case)
     * @param estimatedTokens its input tokens as estimated when it joined (counted against the paper's budget
     *                        until its answer is recorded)
     */
    public record Item(String customId, String paperId, String agent, String role, long estimatedTokens) {
    }
}
