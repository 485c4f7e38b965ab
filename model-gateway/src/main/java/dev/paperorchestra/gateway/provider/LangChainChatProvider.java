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
import dev.paperorchestra.gateway.LlmResponse.Source;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;

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
        long input = usage == null || usage.inputTokenCount() == null ? 0 : usage.inputTokenCount();
        long output = usage == null || usage.outputTokenCount() == null ? 0 : usage.outputTokenCount();
        String model = response.modelName() != null ? response.modelName() : endpoint.model();
        return new ProviderAnswer(text, model, input, output, sources(response));
    }

    static List<ChatMessage> messages(ProviderCall call) {
        List<ChatMessage> messages = new ArrayList<>();
        if (!call.system().isBlank()) {
            messages.add(SystemMessage.from(call.system()));
        }
        boolean first = true;
        for (ChatTurn turn : call.turns()) {
            if (turn.speaker() == ChatTurn.Speaker.MODEL) {
                messages.add(AiMessage.from(turn.text()));
            } else if (first && !call.images().isEmpty()) {
                List<Content> contents = new ArrayList<>();
                contents.add(TextContent.from(turn.text()));
                for (Image image : call.images()) {
                    contents.add(ImageContent.from(Base64.getEncoder().encodeToString(image.content()),
                            image.mediaType()));
                }
                messages.add(UserMessage.from(contents));
            } else {
                messages.add(UserMessage.from(turn.text()));
            }
            first = false;
        }
        return messages;
    }
}
