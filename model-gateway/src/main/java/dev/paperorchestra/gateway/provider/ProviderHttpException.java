package dev.paperorchestra.gateway.provider;

import dev.langchain4j.exception.HttpException;
import dev.paperorchestra.base.redaction.Redaction;
import java.time.Duration;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * A provider's non-2xx answer, with the wait it asked for in {@code Retry-After} (LangChain4j's drops it). The
 * body is redacted here, where it enters: some proxies echo the request's credentials in their error bodies.
 */
public final class ProviderHttpException extends HttpException {

    private final @Nullable Duration retryAfter;

    public ProviderHttpException(int statusCode, String body, @Nullable Duration retryAfter) {
        super(statusCode, Redaction.redact(body));
        this.retryAfter = retryAfter;
    }

    public Optional<Duration> retryAfter() {
        return Optional.ofNullable(retryAfter);
    }
}
