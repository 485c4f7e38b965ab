package dev.paperorchestra.runtime.llm.gemini;

import dev.paperorchestra.runtime.llm.gemini.internal.GeminiChatProvider;
import dev.paperorchestra.runtime.llm.provider.ChatProvider;
import dev.paperorchestra.runtime.llm.provider.ProviderEndpoint;
import java.time.Duration;

/** What the gateway may know of the Gemini adapter: its default endpoint and how to make one. */
public final class GeminiAdapter {

    public static final String DEFAULT_BASE_URL = GeminiChatProvider.DEFAULT_BASE_URL;

    private GeminiAdapter() {
    }

    public static ChatProvider create(ProviderEndpoint endpoint, String apiKey, Duration timeout) {
        return new GeminiChatProvider(endpoint, apiKey, timeout);
    }
}
