package dev.paperorchestra.gateway.provider;

import dev.langchain4j.exception.TimeoutException;
import dev.langchain4j.http.client.HttpClient;
import dev.langchain4j.http.client.HttpClientBuilder;
import dev.langchain4j.http.client.HttpRequest;
import dev.langchain4j.http.client.SuccessfulHttpResponse;
import dev.langchain4j.http.client.sse.ServerSentEventListener;
import dev.langchain4j.http.client.sse.ServerSentEventParser;
import dev.paperorchestra.base.http.RetryAfter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.function.BiFunction;
import org.jspecify.annotations.Nullable;

/**
 * The HTTP client every LangChain4j adapter here uses: the JDK's, with a request timeout, and non-2xx answers
 * turned into {@link ProviderHttpException} carrying the provider's {@code Retry-After}, so the gateway can
 * wait exactly as long as it was asked to. Streaming is not used by the gateway.
 */
public final class ProviderHttpClient implements HttpClient {

    private final java.net.http.HttpClient client;
    private final Duration timeout;
    private final Clock clock;

    ProviderHttpClient(Duration connectTimeout, Duration timeout, Clock clock) {
        this.client = java.net.http.HttpClient.newBuilder().connectTimeout(connectTimeout)
                .version(java.net.http.HttpClient.Version.HTTP_1_1).build();
        this.timeout = timeout;
        this.clock = clock;
    }

    /** A builder LangChain4j model builders accept; the timeouts they set win over the defaults given here. */
    public static HttpClientBuilder builder(Duration timeout) {
        return builder(timeout, (connect, read) -> new ProviderHttpClient(connect, read, Clock.systemUTC()));
    }

    /** A builder whose {@code build()} makes its client from the connect and read timeouts it ends up with. */
    static HttpClientBuilder builder(Duration timeout, BiFunction<Duration, Duration, HttpClient> client) {
        return new Builder(Duration.ofSeconds(10), timeout, client);
    }

    @Override
    public SuccessfulHttpResponse execute(HttpRequest request) {
        var builder = java.net.http.HttpRequest.newBuilder(URI.create(request.url())).timeout(timeout)
                .method(request.method().name(), request.body() == null
                        ? java.net.http.HttpRequest.BodyPublishers.noBody()
                        : java.net.http.HttpRequest.BodyPublishers.ofString(request.body()));
        request.headers().forEach((name, values) -> values.forEach(value -> builder.header(name, value)));
        HttpResponse<String> response;
        try {
            response = client.send(builder.build(), HttpResponse.BodyHandlers.ofString());
        } catch (HttpTimeoutException e) {
            throw new TimeoutException(e);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for " + request.url(), e);
        }
        Map<String, List<String>> headers = response.headers().map();
        if (response.statusCode() < 200 || response.statusCode() >= 300) {
            throw new ProviderHttpException(response.statusCode(), response.body(),
                    RetryAfter.parse(response.headers().firstValue("Retry-After").orElse(null), clock.instant())
                            .orElse(null));
        }
        return SuccessfulHttpResponse.builder().statusCode(response.statusCode()).headers(headers)
                .body(response.body()).build();
    }

    @Override
    public void execute(HttpRequest request, ServerSentEventParser parser, ServerSentEventListener listener) {
        throw new UnsupportedOperationException("the LLM gateway does not stream");
    }

    private static final class Builder implements HttpClientBuilder {

        private final BiFunction<Duration, Duration, HttpClient> client;
        private Duration connectTimeout;
        private Duration readTimeout;

        Builder(Duration connectTimeout, Duration readTimeout, BiFunction<Duration, Duration, HttpClient> client) {
            this.connectTimeout = connectTimeout;
            this.readTimeout = readTimeout;
            this.client = client;
        }

        @Override
        public Duration connectTimeout() {
            return connectTimeout;
        }

        @Override
        public HttpClientBuilder connectTimeout(@Nullable Duration timeout) {
            if (timeout != null) {
                connectTimeout = timeout;
            }
            return this;
        }

        @Override
        public Duration readTimeout() {
            return readTimeout;
        }

        @Override
        public HttpClientBuilder readTimeout(@Nullable Duration timeout) {
            if (timeout != null) {
                readTimeout = timeout;
            }
            return this;
        }

        @Override
        public HttpClient build() {
            return client.apply(connectTimeout, readTimeout);
        }
    }
}
