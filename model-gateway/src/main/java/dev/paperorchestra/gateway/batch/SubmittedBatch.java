package dev.paperorchestra.gateway.batch;

import java.time.Instant;
import org.jspecify.annotations.Nullable;

/**
 * A batch the provider accepted.
 *
 * @param batchId   the provider's id
 * @param expiresAt when the provider gives up on it (its completion window), or null when it does not say
 */
public record SubmittedBatch(String batchId, @Nullable Instant expiresAt) {
}
