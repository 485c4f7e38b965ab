package dev.paperorchestra.gateway.openai;

import dev.paperorchestra.gateway.batch.BatchApi;
import dev.paperorchestra.gateway.openai.internal.OpenAiBatchApi;
import dev.paperorchestra.gateway.openai.internal.OpenAiChatProvider;
import dev.paperorchestra.gateway.provider.ChatProvider;
import dev.paperorchestra.gateway.provider.ProviderEndpoint;
import java.time.Duration;

/** What the gateway may know of the OpenAI adapter: its default endpoint and how to make one. */
public final class OpenAiAdapter {

    public static final String DEFAULT_BASE_URL = OpenAiChatProvider.DEFAULT_BASE_URL;

    private OpenAiAdapter() {
    }

    public static ChatProvider create(ProviderEndpoint endpoint, String apiKey, Duration timeout) {
        return new OpenAiChatProvider(endpoint, apiKey, timeout);
    }

    /** OpenAI's Batch API for the same endpoint, with request bodies as {@link #create} sends them. */
    public static BatchApi createBatchApi(ProviderEndpoint endpoint, String apiKey, Duration timeout) {
        return new OpenAiBatchApi(endpoint, apiKey, timeout);
    }
}
