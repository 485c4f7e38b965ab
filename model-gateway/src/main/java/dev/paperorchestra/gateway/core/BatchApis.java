package dev.paperorchestra.gateway.core;

import dev.paperorchestra.gateway.anthropic.AnthropicAdapter;
import dev.paperorchestra.gateway.batch.BatchApi;
import dev.paperorchestra.gateway.gemini.GeminiAdapter;
import dev.paperorchestra.gateway.openai.OpenAiAdapter;
import java.time.Duration;
import java.util.Optional;

/** Builds the batch API of a role binding, beside {@link ChatProviders} for its synchronous provider. */
public final class BatchApis {

    private BatchApis() {
    }

    /**
     * The batch API for the binding, with the same endpoint, key, timeout and output limit as its synchronous
     * provider; empty for a binding that cannot call a model (no provider, no key), whose synchronous provider
     * refuses with the reason, which is where the paper should fail. Gemini's batch mode answers in the order of
     * the requests and may leave out each answer's key, so its client maps answers by position with the ids
     * {@link dev.paperorchestra.gateway.batch.BatchApi#poll} is given in submission order (the journal keeps them
     * so, and a restarted agent reads them back).
     * <p>
     * OpenAI-compatible local servers (vLLM, Ollama) get the OpenAI client and refuse its first request with 404,
     * a permanent failure, unless they implement the batch endpoints.
     */
    public static Optional<BatchApi> forBinding(RoleBinding binding, Duration timeout, int maxOutputTokens) {
        if (binding.problem().isPresent()) {
            return Optional.empty();
        }
        return switch (binding.kind()) {
            case OPENAI -> Optional.of(OpenAiAdapter.createBatchApi(binding.endpoint(), binding.apiKey(), timeout));
            case ANTHROPIC -> Optional.of(AnthropicAdapter.createBatchApi(binding.endpoint(), binding.apiKey(),
                    timeout, maxOutputTokens));
            case GEMINI -> Optional.of(GeminiAdapter.createBatchApi(binding.endpoint(), binding.apiKey(), timeout));
            case NONE, OFFLINE -> Optional.empty();
        };
    }
}
