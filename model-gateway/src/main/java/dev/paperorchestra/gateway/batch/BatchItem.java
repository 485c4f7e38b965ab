package dev.paperorchestra.gateway.batch;

import dev.paperorchestra.gateway.provider.ProviderCall;

/**
 * One request of a batch.
 *
 * @param customId the id its answer comes back under: the response cache key of the call (64 hex digits, within
 *                 every provider's custom id rules), so an answer is filed where a re-run of the call looks
 * @param call     the request, as the synchronous provider would send it
 */
public record BatchItem(String customId, ProviderCall call) {
}
