package dev.paperorchestra.gateway.batch;

import dev.paperorchestra.gateway.provider.ProviderEndpoint;
import java.time.Instant;
import java.util.List;

/**
 * A batch about to be sent, journaled before the provider sees it: a process that stops between the provider
 * accepting the batch and the journal recording its id leaves this behind, and the next one looks for the batch by
 * its local id instead of sending its calls again (where the provider keeps a caller's tag; see
 * {@link BatchApi#find}).
 *
 * @param localId   our id of the batch, sent with it where the provider keeps one
 * @param endpoint  where it goes
 * @param createdAt when it was about to be sent: the provider created it after this, so a look-up goes no further
 *                  back
 * @param items     its calls
 */
public record BatchIntent(String localId, ProviderEndpoint endpoint, Instant createdAt, List<SentBatch.Item> items) {

    public BatchIntent {
        items = List.copyOf(items);
    }

    /** The batch once the provider has accepted it (or it was found again) under {@code accepted}'s id. */
    public SentBatch sent(SubmittedBatch accepted, Instant submittedAt) {
        return new SentBatch(accepted.batchId(), endpoint, submittedAt, accepted.expiresAt(), items, localId);
    }
}
