package dev.paperorchestra.gateway.anthropic.internal;

import dev.langchain4j.model.anthropic.AnthropicChatModel;
import dev.langchain4j.model.chat.ChatModel;
import dev.paperorchestra.gateway.provider.LangChainChatProvider;
import dev.paperorchestra.gateway.provider.ProviderCall;
import dev.paperorchestra.gateway.provider.ProviderEndpoint;
import dev.paperorchestra.gateway.provider.ProviderHttpClient;
import java.time.Duration;

/** Anthropic's Messages API; JSON Schemas go out as the request's structured-output format. */
public final class AnthropicChatProvider extends LangChainChatProvider {

    public static final String DEFAULT_BASE_URL = "https://api.anthropic.com/v1";

    private final ChatModel model;

    public AnthropicChatProvider(ProviderEndpoint endpoint, String apiKey, Duration timeout, int maxOutputTokens) {
        super(endpoint);
        this.model = AnthropicChatModel.builder()
                .httpClientBuilder(ProviderHttpClient.builder(timeout))
                .baseUrl(endpoint.baseUrl())
                .apiKey(apiKey)
                .modelName(endpoint.model())
                .maxTokens(maxOutputTokens)
                .timeout(timeout)
                .maxRetries(0)
                .build();
    }

    @Override
    protected ChatModel model(ProviderCall call) {
        return model;
    }
}
