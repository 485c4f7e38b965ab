package dev.paperorchestra.service.client;

import dev.paperorchestra.base.json.Json;
import java.io.BufferedReader;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.BiPredicate;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;

/** The paper service's HTTP API (see its openapi.yaml), as the cli uses it. */
public final class PaperServiceClient {

    private final String server;
    private final @Nullable String token;
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();

    public PaperServiceClient(String server, @Nullable String token) {
        this.server = server.endsWith("/") ? server.substring(0, server.length() - 1) : server;
        this.token = token == null || token.isBlank() ? null : token.strip();
    }

    /** POST /papers: the zipped materials and the job options given; answers {paperId, status}. */
    public JsonNode submit(Path archive, String fileName, Map<String, String> fields) {
        String boundary = "po-" + UUID.randomUUID();
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        try {
            for (Map.Entry<String, String> field : fields.entrySet()) {
                body.writeBytes(("--" + boundary + "\r\nContent-Disposition: form-data; name=\"" + field.getKey()
                        + "\"\r\n\r\n" + field.getValue() + "\r\n").getBytes(StandardCharsets.UTF_8));
            }
            body.writeBytes(("--" + boundary + "\r\nContent-Disposition: form-data; name=\"materials\"; filename=\""
                    + fileName + "\"\r\nContent-Type: application/zip\r\n\r\n").getBytes(StandardCharsets.UTF_8));
            body.writeBytes(Files.readAllBytes(archive));
            body.writeBytes(("\r\n--" + boundary + "--\r\n").getBytes(StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new ServiceCallException(0, "cannot read " + archive + ": " + e.getMessage(), e);
        }
        HttpRequest request = request("/papers").header("Content-Type", "multipart/form-data; boundary=" + boundary)
                .POST(HttpRequest.BodyPublishers.ofByteArray(body.toByteArray())).build();
        return json(send(request, HttpResponse.BodyHandlers.ofString()));
    }

    /**
     * POST /revisions: a paper revised from human reviews. {@code paperZip} and {@code materialsZip} are zipped
     * directories ({@code MaterialsZip}); each review goes under its own file name, whose ending picks its reader.
     * Answers {paperId, status}; the revision is then a paper like any other (status, events, files).
     */
    public JsonNode submitRevision(Path paperZip, List<Path> reviews, @Nullable Path materialsZip,
            @Nullable Path verifiedBib, Map<String, String> fields) {
        String boundary = "po-" + UUID.randomUUID();
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        Path reading = paperZip;
        try {
            for (Map.Entry<String, String> field : fields.entrySet()) {
                body.writeBytes(("--" + boundary + "\r\nContent-Disposition: form-data; name=\"" + field.getKey()
                        + "\"\r\n\r\n" + field.getValue() + "\r\n").getBytes(StandardCharsets.UTF_8));
            }
            filePart(body, boundary, "paper", "paper.zip", "application/zip", Files.readAllBytes(paperZip));
            for (Path review : reviews) {
                reading = review;
                filePart(body, boundary, "reviews", review.getFileName().toString(), "application/octet-stream",
                        Files.readAllBytes(review));
            }
            if (materialsZip != null) {
                reading = materialsZip;
                filePart(body, boundary, "materials", "materials.zip", "application/zip",
                        Files.readAllBytes(materialsZip));
            }
            if (verifiedBib != null) {
                reading = verifiedBib;
                filePart(body, boundary, "verifiedBib", "verified.bib", "application/x-bibtex",
                        Files.readAllBytes(verifiedBib));
            }
            body.writeBytes(("--" + boundary + "--\r\n").getBytes(StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new ServiceCallException(0, "cannot read " + reading + ": " + e.getMessage(), e);
        }
        HttpRequest request = request("/revisions").header("Content-Type", "multipart/form-data; boundary=" + boundary)
                .POST(HttpRequest.BodyPublishers.ofByteArray(body.toByteArray())).build();
        return json(send(request, HttpResponse.BodyHandlers.ofString()));
    }

    /** One file part; the name is the submitter's, so quotes and line breaks in it cannot end the header. */
    private static void filePart(ByteArrayOutputStream body, String boundary, String part, String fileName,
            String contentType, byte[] content) {
        String safeName = fileName.replaceAll("[\"\\r\\n\\\\]", "_");
        body.writeBytes(("--" + boundary + "\r\nContent-Disposition: form-data; name=\"" + part + "\"; filename=\""
                + safeName + "\"\r\nContent-Type: " + contentType + "\r\n\r\n").getBytes(StandardCharsets.UTF_8));
        body.writeBytes(content);
        body.writeBytes("\r\n".getBytes(StandardCharsets.UTF_8));
    }

    /** POST /references: a reference list looked up by the deployment's verifier; answers {resolved: {key: record}}. */
    public JsonNode references(JsonNode lookup) {
        return json(send(request("/references").header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(lookup.toString())).build(), HttpResponse.BodyHandlers.ofString()));
    }

    public JsonNode paper(String paperId) {
        return json(send(request("/papers/" + encode(paperId)).GET().build(), HttpResponse.BodyHandlers.ofString()));
    }

    public JsonNode papers(int size) {
        return json(send(request("/papers?size=" + size).GET().build(), HttpResponse.BodyHandlers.ofString()));
    }

    /** GET /papers/{id}/approvals/{stage}: what the paper's gate holds for approval (outline.json), as stored. */
    public String pendingApproval(String paperId, String stage) {
        return send(request("/papers/" + encode(paperId) + "/approvals/" + encode(stage)).GET().build(),
                HttpResponse.BodyHandlers.ofString()).body();
    }

    /** PUT /papers/{id}/approvals/{stage}: a decision (approve, possibly with an edited artifact, or reject). */
    public JsonNode decide(String paperId, String stage, JsonNode decision) {
        return json(send(request("/papers/" + encode(paperId) + "/approvals/" + encode(stage))
                .header("Content-Type", "application/json")
                .PUT(HttpRequest.BodyPublishers.ofString(decision.toString())).build(),
                HttpResponse.BodyHandlers.ofString()));
    }

    public JsonNode cancel(String paperId) {
        return json(send(request("/papers/" + encode(paperId)).DELETE().build(), HttpResponse.BodyHandlers.ofString()));
    }

    /** GET /papers/{id}/bundle into a file. */
    public void bundle(String paperId, Path target) {
        HttpResponse<InputStream> response = send(request("/papers/" + encode(paperId) + "/bundle").GET().build(),
                HttpResponse.BodyHandlers.ofInputStream());
        try (InputStream in = response.body()) {
            Files.copy(in, target, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException e) {
            throw new ServiceCallException(0, "the bundle of " + paperId + " broke off: " + e.getMessage(), e);
        }
    }

    /**
     * Follows GET /papers/{id}/events, handing each event's name and data to the handler until it returns false
     * or the stream ends.
     *
     * @return true when the handler stopped it, false when the stream ended or broke off first
     */
    public boolean events(String paperId, BiPredicate<String, String> handler) {
        HttpResponse<InputStream> response = send(request("/papers/" + encode(paperId) + "/events")
                .header("Accept", "text/event-stream").GET().build(), HttpResponse.BodyHandlers.ofInputStream());
        try (BufferedReader lines = new BufferedReader(new InputStreamReader(response.body(), StandardCharsets.UTF_8))) {
            String event = "message";
            StringBuilder data = new StringBuilder();
            for (String line = lines.readLine(); line != null; line = lines.readLine()) {
                if (line.isEmpty()) {
                    if (!data.isEmpty() && !handler.test(event, data.toString())) {
                        return true;
                    }
                    event = "message";
                    data.setLength(0);
                } else if (line.startsWith("event:")) {
                    event = line.substring(6).strip();
                } else if (line.startsWith("data:")) {
                    data.append(data.isEmpty() ? "" : "\n").append(line.substring(5).strip());
                }
            }
            return false;
        } catch (IOException e) {
            return false;
        }
    }

    private HttpRequest.Builder request(String path) {
        HttpRequest.Builder builder = HttpRequest.newBuilder(URI.create(server + path));
        if (token != null) {
            builder.header("Authorization", "Bearer " + token);
        }
        return builder;
    }

    private <T> HttpResponse<T> send(HttpRequest request, HttpResponse.BodyHandler<T> handler) {
        HttpResponse<T> response;
        try {
            response = http.send(request, handler);
        } catch (IOException e) {
            throw new ServiceCallException(0, "cannot reach the paper service at " + server + " ("
                    + (e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage()) + ")", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ServiceCallException(0, "interrupted while calling " + server, e);
        }
        if (response.statusCode() >= 400) {
            throw new ServiceCallException(response.statusCode(), problem(response), null);
        }
        return response;
    }

    private static String problem(HttpResponse<?> response) {
        String body = switch (response.body()) {
            case String text -> text;
            case InputStream in -> {
                try (in) {
                    yield new String(in.readAllBytes(), StandardCharsets.UTF_8);
                } catch (IOException e) {
                    yield "";
                }
            }
            default -> "";
        };
        try {
            JsonNode error = Json.mapper().readTree(body);
            String file = error.path("file").isString() ? error.path("file").asString() + ": " : "";
            String problem = error.path("problem").isString() ? error.path("problem").asString() : body;
            return file + problem + " (HTTP " + response.statusCode() + ")";
        } catch (RuntimeException e) {
            return "HTTP " + response.statusCode() + (body.isBlank() ? "" : ": " + body);
        }
    }

    private static JsonNode json(HttpResponse<String> response) {
        return Json.mapper().readTree(response.body());
    }

    private static String encode(String paperId) {
        return URLEncoder.encode(paperId, StandardCharsets.UTF_8).replace("+", "%20");
    }
}
