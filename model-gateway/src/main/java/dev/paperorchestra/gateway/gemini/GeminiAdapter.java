package dev.paperorchestra.gateway.gemini;

import dev.paperorchestra.gateway.batch.BatchApi;
import dev.paperorchestra.gateway.gemini.internal.GeminiBatchApi;
import dev.paperorchestra.gateway.gemini.internal.GeminiChatProvider;
import dev.paperorchestra.gateway.provider.ChatProvider;
import dev.paperorchestra.gateway.provider.ProviderEndpoint;
import java.time.Duration;

/** What the gateway may know of the Gemini adapter: its default endpoint and how to make one. */
public final class GeminiAdapter {

    public static final String DEFAULT_BASE_URL = GeminiChatProvider.DEFAULT_BASE_URL;

    private GeminiAdapter() {
    }

    public static ChatProvider create(ProviderEndpoint endpoint, String apiKey, Duration timeout) {
        return new GeminiChatProvider(endpoint, apiKey, timeout);
    }

    /** Gemini's batch mode for the same endpoint, with request bodies as {@link #create} sends them. */
    public static BatchApi createBatchApi(ProviderEndpoint endpoint, String apiKey, Duration timeout) {
        return new GeminiBatchApi(endpoint, apiKey, timeout);
    }
}
