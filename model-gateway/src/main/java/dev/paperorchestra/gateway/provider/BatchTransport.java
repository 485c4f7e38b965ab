package dev.paperorchestra.gateway.provider;

import dev.paperorchestra.base.errors.PermanentException;
import dev.paperorchestra.base.errors.RetriableException;
import dev.paperorchestra.base.http.RetryAfter;
import dev.paperorchestra.base.json.Json;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpRequest.BodyPublisher;
import java.net.http.HttpRequest.BodyPublishers;
import java.net.http.HttpResponse;
import java.net.http.HttpResponse.BodyHandlers;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.util.Iterator;
import java.util.Map;
import java.util.UUID;
import java.util.function.Consumer;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectWriter;
import tools.jackson.databind.SerializationFeature;

/**
 * The HTTP side of a provider's batch API: JSON and multipart requests with the provider's headers and the
 * configured timeout, and JSONL downloads read line by line. Failures are mapped here, at the boundary, as the
 * synchronous path maps them ({@link ProviderFailure}): 429, 5xx, timeouts and broken connections become a
 * {@link RetriableException}, any other refusal a {@link PermanentException}. Messages name the provider, the
 * method and path and the HTTP status with the provider's (redacted) message; never a header, so never the key,
 * and never a request body, so never the prompt.
 */
public final class BatchTransport {

    private static final Logger log = LoggerFactory.getLogger(BatchTransport.class);

    /** One JSON document per line, as JSONL files and batch bodies want it. */
    public static final ObjectWriter COMPACT = Json.mapper().writer().without(SerializationFeature.INDENT_OUTPUT);

    private final String provider;
    private final Map<String, String> headers;
    private final Duration timeout;
    private final HttpClient client;

    /**
     * @param provider the provider's name, for messages
     * @param headers  sent with every request (the key among them); never shown
     */
    public BatchTransport(String provider, Map<String, String> headers, Duration timeout) {
        this.provider = provider;
        this.headers = Map.copyOf(headers);
        this.timeout = timeout;
        this.client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10))
                .version(HttpClient.Version.HTTP_1_1).build();
    }

    public JsonNode getJson(String url) {
        return json(send(request(url).GET(), url, BodyHandlers.ofString()), url);
    }

    public JsonNode postJson(String url, JsonNode body) {
        HttpRequest.Builder request = request(url).header("Content-Type", "application/json")
                .POST(BodyPublishers.ofString(COMPACT.writeValueAsString(body), StandardCharsets.UTF_8));
        return json(send(request, url, BodyHandlers.ofString()), url);
    }

    /** Deletes what the URL names; the body of the answer is not read. */
    public void delete(String url) {
        send(request(url).DELETE(), url, BodyHandlers.discarding());
    }

    /**
     * Uploads one file with form fields as {@code multipart/form-data}.
     *
     * @param fields    the form's plain fields
     * @param fileField the name of the file's part
     */
    public JsonNode postFile(String url, Map<String, String> fields, String fileField, String fileName,
            String contentType, String content) {
        String boundary = "po-batch-" + UUID.randomUUID();
        StringBuilder form = new StringBuilder();
        fields.forEach((name, value) -> form.append("--").append(boundary).append("\r\n")
                .append("Content-Disposition: form-data; name=\"").append(name).append("\"\r\n\r\n")
                .append(value).append("\r\n"));
        form.append("--").append(boundary).append("\r\n")
                .append("Content-Disposition: form-data; name=\"").append(fileField).append("\"; filename=\"")
                .append(fileName).append("\"\r\n")
                .append("Content-Type: ").append(contentType).append("\r\n\r\n")
                .append(content).append("\r\n")
                .append("--").append(boundary).append("--\r\n");
        BodyPublisher body = BodyPublishers.ofString(form.toString(), StandardCharsets.UTF_8);
        HttpRequest.Builder request = request(url).header("Content-Type", "multipart/form-data; boundary=" + boundary)
                .POST(body);
        return json(send(request, url, BodyHandlers.ofString()), url);
    }

    /**
     * Reads a JSONL document as it arrives, one parsed line at a time. Blank lines are skipped, and so is a line
     * that is not JSON (logged by number): its item then counts as unanswered and only it is made again, where
     * failing the whole read would throw away every answer already paid for.
     */
    public void eachLine(String url, Consumer<JsonNode> line) {
        HttpResponse<Stream<String>> response = send(request(url).GET(), url, BodyHandlers.ofLines());
        try (Stream<String> lines = response.body()) {
            Iterator<String> it = lines.iterator();
            int number = 0;
            while (it.hasNext()) {
                String text = it.next();
                number++;
                if (text.isBlank()) {
                    continue;
                }
                JsonNode parsed;
                try {
                    parsed = Json.mapper().readTree(text);
                } catch (JacksonException e) {
                    log.warn("{}: line {} is not JSON and is skipped; its item counts as unanswered", what("GET", url),
                            number);
                    continue;
                }
                line.accept(parsed);
            }
        } catch (java.io.UncheckedIOException e) {
            throw new RetriableException(what("GET", url) + " broke off while reading: "
                    + ProviderFailure.classify(e).reason(), e);
        }
    }

    private HttpRequest.Builder request(String url) {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(url)).timeout(timeout);
        headers.forEach(request::header);
        return request;
    }

    private <T> HttpResponse<T> send(HttpRequest.Builder builder, String url, HttpResponse.BodyHandler<T> handler) {
        HttpRequest request = builder.build();
        HttpResponse<T> response;
        try {
            response = client.send(request, handler);
        } catch (IOException e) {
            throw mapped(request.method(), url, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new RetriableException(what(request.method(), url) + " interrupted", e);
        }
        int status = response.statusCode();
        if (status < 200 || status >= 300) {
            String body = switch (response.body()) {
                case String text -> text;
                case Stream<?> lines -> {
                    try (lines) {
                        yield lines.map(String::valueOf).collect(Collectors.joining("\n"));
                    }
                }
                case null, default -> "";
            };
            throw mapped(request.method(), url, new ProviderHttpException(status, body,
                    RetryAfter.parse(response.headers().firstValue("Retry-After").orElse(null),
                            Clock.systemUTC().instant()).orElse(null)));
        }
        return response;
    }

    private RuntimeException mapped(String method, String url, Exception error) {
        ProviderFailure failure = ProviderFailure.classify(error);
        String message = what(method, url) + " failed: " + failure.reason();
        return failure instanceof ProviderFailure.Retriable
                ? new RetriableException(message, error)
                : new PermanentException(message, error);
    }

    private JsonNode json(HttpResponse<String> response, String url) {
        try {
            return Json.mapper().readTree(response.body());
        } catch (JacksonException e) {
            throw new PermanentException(what(response.request().method(), url) + " returned a body that is not "
                    + "JSON: " + e.getOriginalMessage());
        }
    }

    /** "openai POST /v1/files": the provider and the endpoint, without query or host. */
    private String what(String method, String url) {
        return provider + " batch API " + method + " " + URI.create(url).getPath();
    }
}
