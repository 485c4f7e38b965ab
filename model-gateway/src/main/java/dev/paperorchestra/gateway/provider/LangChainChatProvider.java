package dev.paperorchestra.gateway.provider;

import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.data.message.ChatMessage;
import dev.langchain4j.data.message.Content;
import dev.langchain4j.data.message.ImageContent;
import dev.langchain4j.data.message.SystemMessage;
import dev.langchain4j.data.message.TextContent;
import dev.langchain4j.data.message.UserMessage;
import dev.langchain4j.model.chat.ChatModel;
import dev.langchain4j.model.chat.request.ChatRequest;
import dev.langchain4j.model.chat.request.ResponseFormat;
import dev.langchain4j.model.chat.request.ResponseFormatType;
import dev.langchain4j.model.chat.response.ChatResponse;
import dev.langchain4j.model.output.TokenUsage;
import dev.paperorchestra.gateway.LlmRequest.Image;
import dev.paperorchestra.gateway.Prompt;
import dev.paperorchestra.gateway.LlmResponse.Source;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;

/**
 * The shared shape of the LangChain4j-backed providers: map the call to a {@link ChatRequest}, send it, map
 * the {@link ChatResponse} back. Subclasses build their provider's {@link ChatModel} and, where the provider
 * has them, read grounding sources.
 */
public abstract class LangChainChatProvider implements ChatProvider {

    static final String SCHEMA_NAME = "answer";

    private final ProviderEndpoint endpoint;

    protected LangChainChatProvider(ProviderEndpoint endpoint) {
        this.endpoint = endpoint;
    }

    @Override
    public ProviderEndpoint endpoint() {
        return endpoint;
    }

    /** The model for this call; a provider whose grounding is a model setting may build one per flag. */
    protected abstract ChatModel model(ProviderCall call);

    /**
     * Whether the schema goes out as the provider's structured-output setting; it is always in the prompt too
     * (the gateway puts it there), so a provider or server without the setting still knows the shape.
     */
    protected boolean sendsSchema(ProviderCall call) {
        return true;
    }

    /**
     * Whether the stable blocks go out as their own messages, each marked for the provider's prompt cache
     * ({@link #CACHE_BREAKPOINTS} at most, the system prompt's included). Providers that cache identical
     * prefixes by themselves get one message, whose leading bytes are the same.
     */
    protected boolean marksCacheBreakpoints() {
        return false;
    }

    /** Every input token billed, the cached ones included; by default what the adapter reports as input. */
    protected long inputTokens(TokenUsage usage) {
        return usage.inputTokenCount() == null ? 0 : usage.inputTokenCount();
    }

    /** The input tokens read from the provider's prompt cache; none by default. */
    protected long cachedInputTokens(TokenUsage usage) {
        return 0;
    }

    /** The input tokens written to the provider's prompt cache; none by default. */
    protected long cacheWriteInputTokens(TokenUsage usage) {
        return 0;
    }

    /** Grounding sources of a response; none by default. */
    protected List<Source> sources(ChatResponse response) {
        return List.of();
    }

    @Override
    public ProviderAnswer chat(ProviderCall call) {
        ChatRequest.Builder request = ChatRequest.builder().messages(messages(call)).modelName(endpoint.model())
                .maxOutputTokens(call.maxOutputTokens());
        if (call.temperature() != null) {
            request.temperature(call.temperature());
        }
        if (call.jsonSchema() != null && sendsSchema(call)) {
            request.responseFormat(ResponseFormat.builder().type(ResponseFormatType.JSON)
                    .jsonSchema(JsonSchemas.fromText(SCHEMA_NAME, call.jsonSchema())).build());
        }
        ChatResponse response = model(call).chat(request.build());
        AiMessage message = response.aiMessage();
        String text = message == null || message.text() == null ? "" : message.text();
        TokenUsage usage = response.tokenUsage();
        long input = usage == null ? 0 : inputTokens(usage);
        long cachedInput = usage == null ? 0 : cachedInputTokens(usage);
        long cacheWrite = usage == null ? 0 : cacheWriteInputTokens(usage);
        long output = usage == null || usage.outputTokenCount() == null ? 0 : usage.outputTokenCount();
        String model = response.modelName() != null ? response.modelName() : endpoint.model();
        return new ProviderAnswer(text, model, input, cachedInput, cacheWrite, output, sources(response));
    }

    /** The most cache breakpoints a request may carry (Anthropic's limit). */
    public static final int CACHE_BREAKPOINTS = 4;

    /** The attribute LangChain4j's Anthropic mapper reads to mark a message's last block for caching. */
    static final Map<String, Object> EPHEMERAL = Map.of("cache_control", "ephemeral");

    List<ChatMessage> messages(ProviderCall call) {
        return messages(call, marksCacheBreakpoints());
    }

    static List<ChatMessage> messages(ProviderCall call, boolean breakpoints) {
        List<ChatMessage> messages = new ArrayList<>();
        if (!call.system().isBlank()) {
            messages.add(SystemMessage.from(call.system()));
        }
        boolean split = breakpoints && !call.stablePrefix().isEmpty();
        if (split) {
            int left = CACHE_BREAKPOINTS - (call.system().isBlank() ? 0 : 1);
            for (String group : groups(call.stablePrefix(), left)) {
                messages.add(UserMessage.builder().addContent(TextContent.from(group)).attributes(EPHEMERAL)
                        .build());
            }
        }
        boolean first = true;
        for (ChatTurn turn : call.turns()) {
            String text = first && split ? call.firstTurnRest() : turn.text();
            if (turn.speaker() == ChatTurn.Speaker.MODEL) {
                messages.add(AiMessage.from(turn.text()));
            } else if (first && !call.images().isEmpty()) {
                List<Content> contents = new ArrayList<>();
                contents.add(TextContent.from(text));
                for (Image image : call.images()) {
                    contents.add(ImageContent.from(Base64.getEncoder().encodeToString(image.content()),
                            image.mediaType()));
                }
                messages.add(UserMessage.from(contents));
            } else {
                messages.add(UserMessage.from(text));
            }
            first = false;
        }
        return messages;
    }

    /**
     * The stable blocks as at most {@code most} messages, one breakpoint at the end of each: the last blocks keep
     * their own (the largest prefix ends last), the earliest are joined into the first. Joined with the
     * separator the text is the same, so the prefix other providers see does not change.
     */
    static List<String> groups(List<String> blocks, int most) {
        int joined = Math.max(1, blocks.size() - most + 1);
        List<String> groups = new ArrayList<>();
        groups.add(String.join(Prompt.SEPARATOR, blocks.subList(0, joined)));
        groups.addAll(blocks.subList(joined, blocks.size()));
        return groups;
    }
}
