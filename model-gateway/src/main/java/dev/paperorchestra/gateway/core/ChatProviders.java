package dev.paperorchestra.gateway.core;

import dev.paperorchestra.base.errors.PermanentException;
import dev.paperorchestra.gateway.anthropic.AnthropicAdapter;
import dev.paperorchestra.gateway.gemini.GeminiAdapter;
import dev.paperorchestra.gateway.openai.OpenAiAdapter;
import dev.paperorchestra.gateway.provider.ChatProvider;
import dev.paperorchestra.gateway.provider.ProviderAnswer;
import dev.paperorchestra.gateway.provider.ProviderCall;
import dev.paperorchestra.gateway.provider.ProviderEndpoint;
import java.time.Duration;

/** Builds the provider adapter of a role binding; the only place that knows the adapters. */
public final class ChatProviders {

    private ChatProviders() {
    }

    /**
     * The adapter for the binding. A binding that cannot call (no provider, no key) gets a provider that
     * refuses every call with the reason, so the agent fails the paper clearly instead of at start-up.
     */
    public static ChatProvider create(RoleBinding binding, Duration timeout, int maxOutputTokens) {
        var problem = binding.problem();
        if (problem.isPresent()) {
            return new Refusing(binding.endpoint(), problem.get());
        }
        return switch (binding.kind()) {
            case OPENAI -> OpenAiAdapter.create(binding.endpoint(), binding.apiKey(), timeout);
            case GEMINI -> GeminiAdapter.create(binding.endpoint(), binding.apiKey(), timeout);
            case ANTHROPIC -> AnthropicAdapter.create(binding.endpoint(), binding.apiKey(), timeout,
                    maxOutputTokens);
            case NONE, OFFLINE -> throw new IllegalStateException("unreachable: " + binding);
        };
    }

    /** Stands in for a role that cannot call a model. */
    record Refusing(ProviderEndpoint endpoint, String reason) implements ChatProvider {

        @Override
        public ProviderAnswer chat(ProviderCall call) {
            throw new PermanentException(reason + "; run the job with --offline or configure a provider");
        }
    }
}
