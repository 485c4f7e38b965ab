package dev.paperorchestra.gateway.openai.internal;

import dev.langchain4j.http.client.HttpClientBuilder;
import dev.langchain4j.model.chat.ChatModel;
import dev.langchain4j.model.openai.OpenAiChatModel;
import dev.langchain4j.model.openai.OpenAiTokenUsage;
import dev.langchain4j.model.output.TokenUsage;
import dev.paperorchestra.gateway.provider.LangChainChatProvider;
import dev.paperorchestra.gateway.provider.ProviderCall;
import dev.paperorchestra.gateway.provider.ProviderEndpoint;
import dev.paperorchestra.gateway.provider.ProviderHttpClient;
import java.time.Duration;

/**
 * OpenAI's chat completions API, and every server that speaks it (vLLM, Ollama, llama.cpp server, LiteLLM):
 * point the base URL at the server's {@code /v1}. JSON Schemas go out as a non-strict
 * {@code response_format}, because strict mode rejects the optional properties our schemas use. OpenAI caches
 * identical prompt prefixes of 1,024 tokens and more by itself; the cached part is in
 * {@code usage.prompt_tokens_details.cached_tokens}, within {@code prompt_tokens}.
 */
public final class OpenAiChatProvider extends LangChainChatProvider {

    public static final String DEFAULT_BASE_URL = "https://api.openai.com/v1";

    private final ChatModel model;

    public OpenAiChatProvider(ProviderEndpoint endpoint, String apiKey, Duration timeout) {
        this(endpoint, apiKey, timeout, ProviderHttpClient.builder(timeout));
    }

    /** Over another HTTP client: {@link OpenAiBatchApi} builds its request bodies with this provider's. */
    OpenAiChatProvider(ProviderEndpoint endpoint, String apiKey, Duration timeout, HttpClientBuilder http) {
        super(endpoint);
        this.model = OpenAiChatModel.builder()
                .httpClientBuilder(http)
                .baseUrl(endpoint.baseUrl())
                // local servers need no key, but the client insists on one
                .apiKey(apiKey.isBlank() ? "no-key" : apiKey)
                .modelName(endpoint.model())
                .strictJsonSchema(false)
                .timeout(timeout)
                .maxRetries(0)
                .build();
    }

    @Override
    protected ChatModel model(ProviderCall call) {
        return model;
    }

    @Override
    protected long cachedInputTokens(TokenUsage usage) {
        if (usage instanceof OpenAiTokenUsage openAi && openAi.inputTokensDetails() != null
                && openAi.inputTokensDetails().cachedTokens() != null) {
            return openAi.inputTokensDetails().cachedTokens();
        }
        return 0;
    }
}
