package dev.paperorchestra.gateway.gemini.internal;

import dev.langchain4j.http.client.HttpClientBuilder;
import dev.langchain4j.model.chat.ChatModel;
import dev.langchain4j.model.chat.response.ChatResponse;
import dev.langchain4j.model.googleai.GoogleAiGeminiChatModel;
import dev.langchain4j.model.googleai.GoogleAiGeminiChatResponseMetadata;
import dev.langchain4j.model.googleai.GoogleAiGeminiTokenUsage;
import dev.langchain4j.model.googleai.GroundingMetadata;
import dev.langchain4j.model.output.TokenUsage;
import dev.paperorchestra.gateway.LlmResponse.Source;
import dev.paperorchestra.gateway.provider.LangChainChatProvider;
import dev.paperorchestra.gateway.provider.ProviderCall;
import dev.paperorchestra.gateway.provider.ProviderEndpoint;
import dev.paperorchestra.gateway.provider.ProviderHttpClient;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Google's Gemini API ({@code generateContent}). Search grounding is a tool of the request, so a grounded call
 * uses a second model built with Google Search allowed; its answer's grounding chunks become the sources.
 * Caching is Gemini's implicit one (identical leading content, on 2.5 models and later): the cached part is
 * {@code usageMetadata.cachedContentTokenCount}, within {@code promptTokenCount}.
 */
public final class GeminiChatProvider extends LangChainChatProvider {

    public static final String DEFAULT_BASE_URL = "https://generativelanguage.googleapis.com/v1beta";

    private final ChatModel plain;
    private final ChatModel grounded;

    public GeminiChatProvider(ProviderEndpoint endpoint, String apiKey, Duration timeout) {
        this(endpoint, apiKey, timeout, ProviderHttpClient.builder(timeout));
    }

    /** Over another HTTP client: the batch API's, which captures requests and replays downloaded answers. */
    GeminiChatProvider(ProviderEndpoint endpoint, String apiKey, Duration timeout, HttpClientBuilder http) {
        super(endpoint);
        this.plain = build(endpoint, apiKey, timeout, false, http);
        this.grounded = build(endpoint, apiKey, timeout, true, http);
    }

    private static ChatModel build(ProviderEndpoint endpoint, String apiKey, Duration timeout, boolean search,
            HttpClientBuilder http) {
        return GoogleAiGeminiChatModel.builder()
                .httpClientBuilder(http)
                .baseUrl(endpoint.baseUrl())
                .apiKey(apiKey)
                .modelName(endpoint.model())
                .allowGoogleSearch(search)
                .timeout(timeout)
                .maxRetries(0)
                .build();
    }

    @Override
    protected ChatModel model(ProviderCall call) {
        return call.searchGrounding() ? grounded : plain;
    }

    @Override
    protected long cachedInputTokens(TokenUsage usage) {
        if (usage instanceof GoogleAiGeminiTokenUsage gemini && gemini.cachedContentTokenCount() != null) {
            return gemini.cachedContentTokenCount();
        }
        return 0;
    }

    /** Gemini refuses a response schema next to the search tool; the schema then travels in the prompt only. */
    @Override
    protected boolean sendsSchema(ProviderCall call) {
        return !call.searchGrounding();
    }

    @Override
    protected List<Source> sources(ChatResponse response) {
        if (!(response.metadata() instanceof GoogleAiGeminiChatResponseMetadata metadata)) {
            return List.of();
        }
        GroundingMetadata grounding = metadata.groundingMetadata();
        if (grounding == null || grounding.groundingChunks() == null) {
            return List.of();
        }
        Map<String, Source> byUri = new LinkedHashMap<>();
        for (GroundingMetadata.GroundingChunk chunk : grounding.groundingChunks()) {
            if (chunk.web() != null && chunk.web().uri() != null) {
                String title = chunk.web().title() == null ? "" : chunk.web().title();
                byUri.putIfAbsent(chunk.web().uri(), new Source(title, chunk.web().uri()));
            }
        }
        return new ArrayList<>(byUri.values());
    }
}
