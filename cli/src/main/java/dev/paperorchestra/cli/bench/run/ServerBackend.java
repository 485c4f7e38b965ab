package dev.paperorchestra.cli.bench.run;

import dev.paperorchestra.cli.bench.dataset.BenchCase;
import dev.paperorchestra.runtime.errors.InvalidMaterialsException;
import dev.paperorchestra.runtime.errors.PermanentException;
import dev.paperorchestra.runtime.errors.RetriableException;
import dev.paperorchestra.runtime.json.Json;
import dev.paperorchestra.schemas.JobOptions;
import dev.paperorchestra.schemas.LlmMode;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Locale;
import java.util.OptionalLong;
import java.util.UUID;
import java.util.function.Consumer;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;
import java.util.zip.ZipOutputStream;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;

/**
 * A running deployment reached through its paper service (issue 10's API): {@code POST /papers} with the
 * materials as a zip in the multipart field {@code materials} and the job options as fields (the bench's
 * deterministic id is asked for as {@code paperId}; a service that assigns its own is followed under that),
 * {@code GET /papers/{id}} polled for the state, {@code GET /papers/{id}/bundle} unzipped into the case's
 * output directory, {@code DELETE /papers/{id}} to cancel a paper that ran out of time. The case's
 * {@code reference/} never leaves this machine.
 */
public final class ServerBackend implements BenchBackend {

    private static final Duration POLL = Duration.ofSeconds(2);

    private final URI base;
    private final @Nullable String token;
    private final boolean offline;
    private final Clock clock;
    private final Duration poll;
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();

    private ServerBackend(URI base, @Nullable String token, boolean offline, Clock clock, Duration poll) {
        this.poll = poll;
        this.base = base;
        this.token = token;
        this.offline = offline;
        this.clock = clock;
    }

    public static ServerBackend connect(String url, @Nullable String token, boolean offline, Clock clock) {
        return connect(url, token, offline, clock, POLL);
    }

    /** @param poll time between two status requests of one paper */
    static ServerBackend connect(String url, @Nullable String token, boolean offline, Clock clock, Duration poll) {
        String root = url.endsWith("/") ? url.substring(0, url.length() - 1) : url;
        return new ServerBackend(URI.create(root), token == null || token.isBlank() ? null : token, offline, clock, poll);
    }

    @Override
    public String describe() {
        return "paper service at " + base;
    }

    @Override
    public boolean wasSubmitted(String paperId) {
        return send(request("/papers/" + paperId).GET(), HttpResponse.BodyHandlers.ofString()).statusCode() == 200;
    }

    @Override
    public String submit(BenchCase benchCase, String paperId, JobOptions options) {
        String boundary = "po-bench-" + UUID.randomUUID();
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        field(body, boundary, "paperId", paperId);
        field(body, boundary, "offline", String.valueOf(offline || options.getLlmMode() == LlmMode.OFFLINE));
        field(body, boundary, "iterations", String.valueOf(options.getRefineIterationLimit()));
        if (options.getCutoffDate() != null) {
            field(body, boundary, "cutoff", options.getCutoffDate());
        }
        if (options.getVenue() != null) {
            field(body, boundary, "venue", options.getVenue());
        }
        if (options.getPageLimit() != null) {
            field(body, boundary, "pageLimit", String.valueOf(options.getPageLimit()));
        }
        write(body, "--" + boundary + "\r\nContent-Disposition: form-data; name=\"materials\"; filename=\""
                + benchCase.name() + ".zip\"\r\nContent-Type: application/zip\r\n\r\n");
        body.writeBytes(zip(benchCase.materials()));
        write(body, "\r\n--" + boundary + "--\r\n");
        HttpResponse<String> response = send(request("/papers")
                .header("Content-Type", "multipart/form-data; boundary=" + boundary)
                .POST(HttpRequest.BodyPublishers.ofByteArray(body.toByteArray())), HttpResponse.BodyHandlers.ofString());
        if (response.statusCode() == 400 || response.statusCode() == 413) {
            JsonNode problem = parse(response.body());
            throw new InvalidMaterialsException(problem.path("file").asString(benchCase.materials().toString()),
                    problem.path("problem").asString(problem.path("message").asString(response.body())));
        }
        expect(response, 202, 200, 201);
        return parse(response.body()).path("paperId").asString(paperId);
    }

    @Override
    public CaseOutcome await(String paperId, Duration timeout, Consumer<String> onStage, Path caseDir) {
        Instant deadline = clock.instant().plus(timeout);
        String lastStage = "submit";
        while (clock.instant().isBefore(deadline)) {
            HttpResponse<String> response = send(request("/papers/" + paperId).GET(), HttpResponse.BodyHandlers.ofString());
            expect(response, 200);
            JsonNode paper = parse(response.body());
            String state = paper.path("state").asString(paper.path("status").asString("")).toUpperCase(Locale.ROOT);
            String stage = paper.path("stage").asString(paper.path("currentStage").asString(lastStage));
            if (!stage.equals(lastStage)) {
                onStage.accept(stage + " " + state.toLowerCase(Locale.ROOT));
                lastStage = stage;
            }
            String reason = paper.path("failureReason").asString(paper.path("reason").asString(""));
            switch (state) {
                case "COMPLETED" -> {
                    return new CaseOutcome.Completed(fetchBundle(paperId, caseDir.resolve(paperId)));
                }
                case "FAILED" -> {
                    return new CaseOutcome.Failed(stage, reason);
                }
                case "CANCELLED" -> {
                    return new CaseOutcome.Cancelled(reason.isEmpty() ? "cancelled" : reason);
                }
                default -> pause();
            }
        }
        // a paper out of time must not go on spending on the deployment
        send(request("/papers/" + paperId).DELETE(), HttpResponse.BodyHandlers.discarding());
        return new CaseOutcome.TimedOut(lastStage);
    }

    private Path fetchBundle(String paperId, Path outputDir) {
        HttpResponse<byte[]> response = send(request("/papers/" + paperId + "/bundle").GET(),
                HttpResponse.BodyHandlers.ofByteArray());
        expect(response, 200);
        Path root = outputDir.toAbsolutePath().normalize();
        try (ZipInputStream zip = new ZipInputStream(new ByteArrayInputStream(response.body()))) {
            Files.createDirectories(root);
            for (ZipEntry entry = zip.getNextEntry(); entry != null; entry = zip.getNextEntry()) {
                Path target = root.resolve(entry.getName()).normalize();
                if (!target.startsWith(root)) {
                    throw new PermanentException("bundle of " + paperId + " has an entry outside its directory: " + entry.getName());
                }
                if (entry.isDirectory()) {
                    Files.createDirectories(target);
                } else {
                    Files.createDirectories(target.getParent());
                    Files.write(target, zip.readAllBytes());
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot unpack the bundle of " + paperId + " into " + root, e);
        }
        return root;
    }

    @Override
    public OptionalLong scholarQueue() {
        return OptionalLong.empty(); // the service does not publish the verifier's queue
    }

    @Override
    public void close() {
        http.close();
    }

    /** The materials directory as a zip: regular files only, the human reference paper left out. */
    static byte[] zip(Path materials) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ZipOutputStream zip = new ZipOutputStream(bytes); Stream<Path> walk = Files.walk(materials)) {
            for (Path file : walk.filter(p -> Files.isRegularFile(p, LinkOption.NOFOLLOW_LINKS)).sorted().toList()) {
                String name = materials.relativize(file).toString().replace('\\', '/');
                if (name.startsWith(BenchCase.REFERENCE_DIR + "/")) {
                    continue;
                }
                zip.putNextEntry(new ZipEntry(name));
                zip.write(Files.readAllBytes(file));
                zip.closeEntry();
            }
        } catch (IOException e) {
            throw new InvalidMaterialsException(materials.toString(), "cannot be read (" + e.getMessage() + ")");
        }
        return bytes.toByteArray();
    }

    private HttpRequest.Builder request(String path) {
        HttpRequest.Builder builder = HttpRequest.newBuilder(URI.create(base + path)).timeout(Duration.ofSeconds(60));
        if (token != null) {
            builder.header("Authorization", "Bearer " + token);
        }
        return builder;
    }

    private <T> HttpResponse<T> send(HttpRequest.Builder request, HttpResponse.BodyHandler<T> handler) {
        try {
            return http.send(request.build(), handler);
        } catch (IOException e) {
            throw new RetriableException("paper service at " + base + " did not answer: " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new RetriableException("interrupted while calling the paper service", e);
        }
    }

    private void expect(HttpResponse<?> response, int... accepted) {
        for (int status : accepted) {
            if (response.statusCode() == status) {
                return;
            }
        }
        String message = "paper service answered " + response.statusCode() + " to " + response.request().method() + " "
                + response.uri().getPath() + (response.body() instanceof String text ? ": " + text : "");
        if (response.statusCode() == 429 || response.statusCode() >= 500) {
            throw new RetriableException(message);
        }
        throw new PermanentException(message);
    }

    private static JsonNode parse(String body) {
        try {
            return Json.mapper().readTree(body.isBlank() ? "{}" : body);
        } catch (RuntimeException e) {
            return Json.mapper().createObjectNode().put("message", body);
        }
    }

    private static void field(ByteArrayOutputStream body, String boundary, String name, String value) {
        write(body, "--" + boundary + "\r\nContent-Disposition: form-data; name=\"" + name + "\"\r\n\r\n" + value + "\r\n");
    }

    private static void write(ByteArrayOutputStream body, String text) {
        body.writeBytes(text.getBytes(StandardCharsets.UTF_8));
    }

    private void pause() {
        try {
            Thread.sleep(poll);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new RetriableException("interrupted while following a paper", e);
        }
    }
}
