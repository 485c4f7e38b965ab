package dev.paperorchestra.gateway.core;

import dev.paperorchestra.gateway.anthropic.AnthropicAdapter;
import dev.paperorchestra.gateway.batch.BatchApi;
import dev.paperorchestra.gateway.openai.OpenAiAdapter;
import java.time.Duration;
import java.util.Optional;

/** Builds the batch API of a role binding, beside {@link ChatProviders} for its synchronous provider. */
public final class BatchApis {

    private BatchApis() {
    }

    /**
     * The batch API for the binding, with the same endpoint, key, timeout and output limit as its synchronous
     * provider; empty where there is none, and the call is then made synchronously:
     * <ul>
     *   <li>a binding that cannot call a model (no provider, no key): its synchronous provider refuses with the
     *       reason, which is where the paper should fail;</li>
     *   <li>Gemini: its batch mode ({@code models/{model}:batchGenerateContent}) is not covered. Its answers,
     *       inline or in an output file, are documented to come in the order of the requests, and the per-request
     *       {@code metadata} key has been reported missing from inline ones, so reading a batch needs the
     *       submitted ids in order, which {@link BatchApi#poll} does not take (a restarted agent has only the batch
     *       id). Gemini calls stay synchronous and still read its implicit prompt cache.</li>
     * </ul>
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
            case GEMINI, NONE, OFFLINE -> Optional.empty();
        };
    }
}
