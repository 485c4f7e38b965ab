package dev.paperorchestra.gateway;

/**
 * The one door to language models. Implementations own retries, timeouts, the response cache, accounting and
 * budgets; callers only build a request and read the answer. Failures are mapped to the runtime's exception
 * taxonomy: {@code RetriableException} for 429/5xx/timeouts after the gateway's own retries,
 * {@code PermanentException} for everything retrying cannot fix.
 */
@FunctionalInterface
public interface LlmGateway {

    LlmResponse call(LlmRequest request);
}
