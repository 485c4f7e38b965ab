package dev.paperorchestra.bench.run;

import dev.paperorchestra.bench.dataset.BenchCase;
import dev.paperorchestra.content.materials.MaterialsZip;
import dev.paperorchestra.service.client.PaperServiceClient;
import dev.paperorchestra.service.client.ServiceCallException;
import dev.paperorchestra.content.archive.ArchiveLimits;
import dev.paperorchestra.content.archive.SafeArchive;
import dev.paperorchestra.base.errors.InvalidMaterialsException;
import dev.paperorchestra.base.errors.RetriableException;
import dev.paperorchestra.base.json.Json;
import dev.paperorchestra.service.references.ReferenceQuery;
import dev.paperorchestra.schemas.JobOptions;
import dev.paperorchestra.schemas.LlmMode;
import dev.paperorchestra.schemas.ScholarRecord;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalLong;
import java.util.function.Consumer;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * A running deployment reached through its paper service, with {@code po submit}'s own client: the materials
 * go up as a zip (the case's {@code reference/} never leaves this machine) with the bench's deterministic id
 * as {@code paperId}, {@code GET /papers/{id}} is polled for the state, the bundle of a completed paper is
 * unpacked into the case's directory, and a paper out of time is cancelled so it stops spending.
 */
public final class ServerBackend implements BenchBackend {

    private static final Duration POLL = Duration.ofSeconds(2);
    private static final ArchiveLimits BUNDLE_LIMITS = new ArchiveLimits(10_000, 2L * 1024 * 1024 * 1024);

    private final PaperServiceClient client;
    private final String server;
    private final boolean offline;
    private final Clock clock;
    private final Duration poll;

    private ServerBackend(String server, @Nullable String token, boolean offline, Clock clock, Duration poll) {
        this.client = new PaperServiceClient(server, token);
        this.server = server;
        this.offline = offline;
        this.clock = clock;
        this.poll = poll;
    }

    public static ServerBackend connect(String url, @Nullable String token, boolean offline, Clock clock) {
        return new ServerBackend(url, token, offline, clock, POLL);
    }

    /** @param poll time between two status requests of one paper */
    static ServerBackend connect(String url, @Nullable String token, boolean offline, Clock clock, Duration poll) {
        return new ServerBackend(url, token, offline, clock, poll);
    }

    @Override
    public String describe() {
        return "paper service at " + server;
    }

    @Override
    public boolean wasSubmitted(String paperId) {
        try {
            client.paper(paperId);
            return true;
        } catch (ServiceCallException e) {
            if (e.status() == 404) {
                return false;
            }
            throw e;
        }
    }

    @Override
    public String submit(BenchCase benchCase, String paperId, JobOptions options) {
        return submitWith(benchCase, paperId, options, null);
    }

    @Override
    public String submit(BenchCase benchCase, String paperId, JobOptions options, Path templateDir) {
        return submitWith(benchCase, paperId, options, templateDir);
    }

    /** The kit from {@code templateDir} goes as the materials' template/ directory, as po submit sends it. */
    private String submitWith(BenchCase benchCase, String paperId, JobOptions options, @Nullable Path templateDir) {
        Map<String, String> fields = new LinkedHashMap<>();
        fields.put("paperId", paperId);
        fields.put("offline", String.valueOf(offline || options.getLlmMode() == LlmMode.OFFLINE));
        fields.put("iterations", String.valueOf(options.getRefineIterationLimit()));
        if (options.getCutoffDate() != null) {
            fields.put("cutoff", options.getCutoffDate());
        }
        if (options.getVenue() != null) {
            fields.put("venue", options.getVenue());
        }
        if (options.getPageLimit() != null) {
            fields.put("pageLimit", String.valueOf(options.getPageLimit()));
        }
        Path zip = null;
        try {
            zip = Files.createTempFile("po-bench-", ".zip");
            MaterialsZip.write(benchCase.materials(), templateDir, zip,
                    relative -> !relative.startsWith(BenchCase.REFERENCE_DIR));
            return client.submit(zip, benchCase.name() + ".zip", fields).path("paperId").asString(paperId);
        } catch (InvalidMaterialsException e) {
            // a link or pipe refused while packing, named as po run names it; nothing was sent
            throw new InvalidMaterialsException(benchCase.materials().resolve(e.file()).toString(), e.problem());
        } catch (ServiceCallException e) {
            if (e.status() == 409) {
                return paperId; // the id is taken: this case was submitted before the run was interrupted
            }
            if (e.status() == 400 || e.status() == 413) {
                throw new InvalidMaterialsException(benchCase.materials().toString(), e.getMessage());
            }
            throw e;
        } catch (IOException e) {
            throw new InvalidMaterialsException(benchCase.materials().toString(), "cannot be zipped (" + e.getMessage() + ")");
        } finally {
            delete(zip);
        }
    }

    @Override
    public CaseOutcome await(String paperId, Duration timeout, Consumer<String> onStage, Path caseDir) {
        Instant deadline = clock.instant().plus(timeout);
        String lastStage = "submit";
        while (clock.instant().isBefore(deadline)) {
            JsonNode paper = client.paper(paperId);
            String state = paper.path("state").asString("").toUpperCase(Locale.ROOT);
            String stage = paper.path("currentStage").asString(lastStage);
            if (!stage.equals(lastStage)) {
                onStage.accept(stage + " " + state.toLowerCase(Locale.ROOT));
                lastStage = stage;
            }
            String reason = paper.path("failureReason").asString("");
            switch (state) {
                case "COMPLETED", "INCOMPLETE" -> {
                    // written either way; the runner judges complete or not from the outputs, as po run does
                    return new CaseOutcome.Completed(fetchBundle(paperId, caseDir));
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
        try {
            client.cancel(paperId); // a paper out of time must not go on spending on the deployment
        } catch (ServiceCallException e) {
            // 409: it finished meanwhile; the bench still counts it as out of time
        }
        return new CaseOutcome.TimedOut(lastStage);
    }

    /** The bundle holds {@code <paperId>/<output>}: unpacked into the case directory, the outputs land in caseDir/paperId. */
    private Path fetchBundle(String paperId, Path caseDir) {
        Path bundle = null;
        try {
            Files.createDirectories(caseDir);
            bundle = Files.createTempFile("po-bench-bundle-", ".zip");
            client.bundle(paperId, bundle);
            new SafeArchive(BUNDLE_LIMITS).unpack(bundle, caseDir);
            return caseDir.resolve(paperId).toAbsolutePath().normalize();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot unpack the bundle of " + paperId + " into " + caseDir, e);
        } finally {
            delete(bundle);
        }
    }

    /**
     * The records the deployment's verifier resolved a reference list to, by key ({@code POST /references}).
     *
     * @throws RetriableException when the service cannot be reached or its verifier did not answer in time
     */
    public Map<String, ScholarRecord> lookUpReferences(String paperId, List<ReferenceQuery> references) {
        ObjectNode lookup = Json.mapper().createObjectNode().put("paperId", paperId);
        ArrayNode list = lookup.putArray("references");
        references.forEach(reference -> list.addObject().put("key", reference.key()).put("title", reference.title())
                .put("doi", reference.doi()).put("arxivId", reference.arxivId()));
        JsonNode answer;
        try {
            answer = client.references(lookup);
        } catch (ServiceCallException e) {
            throw new RetriableException("the reference look-up at " + server + " failed: " + e.getMessage(), e);
        }
        Map<String, ScholarRecord> resolved = new LinkedHashMap<>();
        answer.path("resolved").properties().forEach(entry -> {
            JsonNode record = entry.getValue();
            resolved.put(entry.getKey(), ScholarRecord.newBuilder().setScholarId(record.path("scholarId").asString())
                    .setTitle(record.path("title").asString())
                    .setYear(record.path("year").isInt() ? record.path("year").asInt() : null)
                    .setDoi(record.path("doi").isString() ? record.path("doi").asString() : null)
                    .setArxivId(record.path("arxivId").isString() ? record.path("arxivId").asString() : null)
                    .build());
        });
        return resolved;
    }

    @Override
    public OptionalLong scholarQueue() {
        return OptionalLong.empty(); // the service does not publish the verifier's queue
    }

    @Override
    public void close() {
        // the client's connections close with the JVM; nothing of the deployment is ours to stop
    }

    private void pause() {
        try {
            Thread.sleep(poll);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ServiceCallException(0, "interrupted while following a paper", e);
        }
    }

    private static void delete(@Nullable Path file) {
        if (file != null) {
            file.toFile().delete();
        }
    }
}
