package dev.paperorchestra.gateway.anthropic.internal;

import dev.langchain4j.http.client.HttpClientBuilder;
import dev.langchain4j.model.anthropic.AnthropicChatModel;
import dev.langchain4j.model.anthropic.AnthropicTokenUsage;
import dev.langchain4j.model.chat.ChatModel;
import dev.langchain4j.model.output.TokenUsage;
import dev.paperorchestra.gateway.provider.LangChainChatProvider;
import dev.paperorchestra.gateway.provider.ProviderCall;
import dev.paperorchestra.gateway.provider.ProviderEndpoint;
import dev.paperorchestra.gateway.provider.ProviderHttpClient;
import java.time.Duration;

/**
 * Anthropic's Messages API; JSON Schemas go out as the request's structured-output format. Its prompt cache
 * works by breakpoints: the system prompt and the stable blocks each end with {@code cache_control: ephemeral}
 * (four at most), and the usage splits input into fresh, cache-written and cache-read tokens.
 */
public final class AnthropicChatProvider extends LangChainChatProvider {

    public static final String DEFAULT_BASE_URL = "https://api.anthropic.com/v1";

    private final ChatModel model;

    public AnthropicChatProvider(ProviderEndpoint endpoint, String apiKey, Duration timeout, int maxOutputTokens) {
        this(endpoint, apiKey, timeout, maxOutputTokens, ProviderHttpClient.builder(timeout));
    }

    /** Over another HTTP client: {@link AnthropicBatchApi} builds its request bodies with this provider's. */
    AnthropicChatProvider(ProviderEndpoint endpoint, String apiKey, Duration timeout, int maxOutputTokens,
            HttpClientBuilder http) {
        super(endpoint);
        this.model = AnthropicChatModel.builder()
                .httpClientBuilder(http)
                .baseUrl(endpoint.baseUrl())
                .apiKey(apiKey)
                .modelName(endpoint.model())
                .maxTokens(maxOutputTokens)
                .cacheSystemMessages(true)
                .timeout(timeout)
                .maxRetries(0)
                .build();
    }

    @Override
    protected ChatModel model(ProviderCall call) {
        return model;
    }

    @Override
    protected boolean marksCacheBreakpoints() {
        return true;
    }

    /** Anthropic's input_tokens leave out the cache's writes and reads; every one of them is billed input. */
    @Override
    protected long inputTokens(TokenUsage usage) {
        long input = super.inputTokens(usage);
        if (usage instanceof AnthropicTokenUsage anthropic) {
            input += orZero(anthropic.cacheCreationInputTokens()) + orZero(anthropic.cacheReadInputTokens());
        }
        return input;
    }

    @Override
    protected long cachedInputTokens(TokenUsage usage) {
        return usage instanceof AnthropicTokenUsage anthropic ? orZero(anthropic.cacheReadInputTokens()) : 0;
    }

    /** The writes are billed above the input price (1.25 times it for the five-minute cache). */
    @Override
    protected long cacheWriteInputTokens(TokenUsage usage) {
        return usage instanceof AnthropicTokenUsage anthropic ? orZero(anthropic.cacheCreationInputTokens()) : 0;
    }

    private static long orZero(Integer tokens) {
        return tokens == null ? 0 : tokens;
    }
}
