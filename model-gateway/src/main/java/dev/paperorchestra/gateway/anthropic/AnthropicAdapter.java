package dev.paperorchestra.gateway.anthropic;

import dev.paperorchestra.gateway.anthropic.internal.AnthropicBatchApi;
import dev.paperorchestra.gateway.anthropic.internal.AnthropicChatProvider;
import dev.paperorchestra.gateway.batch.BatchApi;
import dev.paperorchestra.gateway.provider.ChatProvider;
import dev.paperorchestra.gateway.provider.ProviderEndpoint;
import java.time.Duration;

/** What the gateway may know of the Anthropic adapter: its default endpoint and how to make one. */
public final class AnthropicAdapter {

    public static final String DEFAULT_BASE_URL = AnthropicChatProvider.DEFAULT_BASE_URL;

    private AnthropicAdapter() {
    }

    public static ChatProvider create(ProviderEndpoint endpoint, String apiKey, Duration timeout,
            int maxOutputTokens) {
        return new AnthropicChatProvider(endpoint, apiKey, timeout, maxOutputTokens);
    }

    /** Anthropic's Message Batches API for the same endpoint, with request bodies as {@link #create} sends them. */
    public static BatchApi createBatchApi(ProviderEndpoint endpoint, String apiKey, Duration timeout,
            int maxOutputTokens) {
        return new AnthropicBatchApi(endpoint, apiKey, timeout, maxOutputTokens);
    }
}
