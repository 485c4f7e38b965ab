package dev.paperorchestra.gateway;

import dev.paperorchestra.base.errors.PermanentException;

/** The gateway when no provider is configured: any model call fails the paper with a clear reason. */
public final class UnconfiguredLlmGateway implements LlmGateway {

    @Override
    public LlmResponse call(LlmRequest request) {
        throw new PermanentException("no model provider is configured for role " + request.role().name()
                .toLowerCase(java.util.Locale.ROOT) + " (po.llm.provider=none); run the job with --offline");
    }

}
