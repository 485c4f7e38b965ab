package dev.paperorchestra.gateway.batch;

import dev.paperorchestra.gateway.provider.ProviderCall;
import java.util.regex.Pattern;

/**
 * One request of a batch.
 *
 * @param customId the id its answer comes back under: the response cache key of the call (64 hex digits), so an
 *                 answer is filed where a re-run of the call looks; it must keep {@link #CUSTOM_ID}
 * @param call     the request, as the synchronous provider would send it
 */
public record BatchItem(String customId, ProviderCall call) {

    /**
     * The custom ids every provider takes: Anthropic's rule (1 to 64 letters, digits, '-' or '_'), the strictest;
     * OpenAI takes any string.
     */
    public static final Pattern CUSTOM_ID = Pattern.compile("[a-zA-Z0-9_-]{1,64}");

    public BatchItem {
        if (!CUSTOM_ID.matcher(customId).matches()) {
            throw new IllegalArgumentException("batch item id '" + customId + "' breaks the providers' custom_id "
                    + "rule (1 to 64 letters, digits, '-' or '_')");
        }
    }
}
