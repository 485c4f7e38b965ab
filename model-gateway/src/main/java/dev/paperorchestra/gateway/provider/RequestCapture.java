package dev.paperorchestra.gateway.provider;

import dev.langchain4j.http.client.HttpClient;
import dev.langchain4j.http.client.HttpClientBuilder;
import dev.langchain4j.http.client.HttpRequest;
import dev.langchain4j.http.client.SuccessfulHttpResponse;
import dev.langchain4j.http.client.sse.ServerSentEventListener;
import dev.langchain4j.http.client.sse.ServerSentEventParser;
import dev.paperorchestra.base.json.Json;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.node.ObjectNode;

/**
 * An HTTP client that sends nothing: it stops a LangChain4j adapter at the moment it would send, and keeps the
 * request body. The batch APIs build each item's body this way, through the very provider the synchronous path
 * uses, so a batched call is the same request as a synchronous one (the same messages, cache breakpoints,
 * schema setting and limits) and there is one body builder per provider, not two that drift apart.
 * <p>
 * The other way round, {@link #replay} hands a response body the batch API downloaded to the same provider as if
 * the provider had received it, so a batched answer is read (text, usage, cached tokens, sources) by the code
 * that reads a synchronous one.
 */
public final class RequestCapture {

    private RequestCapture() {
    }

    /** A builder for LangChain4j model builders whose clients capture instead of sending. */
    public static HttpClientBuilder builder() {
        return ProviderHttpClient.builder(Duration.ofSeconds(60), (connect, read) -> new CapturingClient());
    }

    /**
     * The JSON body the provider would send for the call, less its {@code "stream": false}: batch requests are
     * never streamed, and the batch APIs document their request bodies without the field.
     *
     * @param provider a provider built over {@link #builder()}
     */
    public static ObjectNode body(ChatProvider provider, ProviderCall call) {
        try {
            provider.chat(call);
        } catch (RuntimeException e) {
            for (Throwable t = e; t != null; t = t.getCause() == t ? null : t.getCause()) {
                if (t instanceof Captured captured) {
                    ObjectNode body = (ObjectNode) Json.mapper().readTree(captured.body);
                    if (body.path("stream").isBoolean() && !body.path("stream").booleanValue()) {
                        body.remove("stream");
                    }
                    return body;
                }
            }
            throw e;
        }
        throw new IllegalStateException(provider.endpoint() + " answered without sending: it is not built over "
                + "RequestCapture.builder()");
    }

    /**
     * Reads a response body as the provider reads its synchronous answer.
     *
     * @param provider a provider built over {@link #builder()}
     * @param call     any call the provider takes: it shapes the request, which is not sent, not the reading
     * @param response the body of a successful response, as the provider's synchronous endpoint returns it
     */
    public static ProviderAnswer replay(ChatProvider provider, ProviderCall call, String response) {
        REPLY.set(response);
        try {
            return provider.chat(call);
        } finally {
            REPLY.remove();
        }
    }

    /** The body {@link #replay} answers with, on the thread that replays; unset, the client captures. */
    private static final ThreadLocal<String> REPLY = new ThreadLocal<>();

    /** Carries the body out of the adapter; no stack trace, since it is not an error. */
    private static final class Captured extends RuntimeException {

        private final String body;

        Captured(String body) {
            super("request captured", null, false, false);
            this.body = body;
        }
    }

    private static final class CapturingClient implements HttpClient {

        @Override
        public SuccessfulHttpResponse execute(HttpRequest request) {
            String reply = REPLY.get();
            if (reply != null) {
                return SuccessfulHttpResponse.builder().statusCode(200)
                        .headers(Map.of("Content-Type", List.of("application/json"))).body(reply).build();
            }
            throw new Captured(request.body() == null ? "{}" : request.body());
        }

        @Override
        public void execute(HttpRequest request, ServerSentEventParser parser, ServerSentEventListener listener) {
            throw new UnsupportedOperationException("the LLM gateway does not stream");
        }
    }
}
