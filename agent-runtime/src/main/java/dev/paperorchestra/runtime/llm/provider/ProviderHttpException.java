package dev.paperorchestra.runtime.llm.provider;

import dev.langchain4j.exception.HttpException;
import java.time.Duration;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/** A provider's non-2xx answer, with the wait it asked for in {@code Retry-After} (LangChain4j's drops it). */
public final class ProviderHttpException extends HttpException {

    private final @Nullable Duration retryAfter;

    public ProviderHttpException(int statusCode, String body, @Nullable Duration retryAfter) {
        super(statusCode, body);
        this.retryAfter = retryAfter;
    }

    public Optional<Duration> retryAfter() {
        return Optional.ofNullable(retryAfter);
    }
}
