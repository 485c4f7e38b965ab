package dev.paperorchestra.service.api;

import dev.paperorchestra.model.summary.RunSummary;
import dev.paperorchestra.runtime.blob.BlobStore;
import dev.paperorchestra.base.json.Json;
import dev.paperorchestra.content.outputs.PaperOutputs;
import dev.paperorchestra.schemas.state.PaperViewState;
import dev.paperorchestra.service.PaperServiceProperties;
import dev.paperorchestra.service.auth.Caller;
import dev.paperorchestra.service.auth.PaperAccess;
import dev.paperorchestra.service.auth.Role;
import dev.paperorchestra.service.cancel.PaperCanceller;
import dev.paperorchestra.service.intake.UploadIntake;
import dev.paperorchestra.service.intake.UploadRequest;
import dev.paperorchestra.service.status.PaperEventStream;
import dev.paperorchestra.service.status.PaperState;
import dev.paperorchestra.service.status.PaperViews;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RequestPart;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.multipart.MultipartFile;
import org.springframework.web.servlet.mvc.method.annotation.SseEmitter;
import tools.jackson.databind.JsonNode;

/**
 * HTTP wiring of submit, list, status, cancel and events; the work is done by the services it calls. Every method
 * works for its caller: a paper submitted belongs to the caller's tenant, and papers of other tenants are not found.
 */
@RestController
@RequestMapping("/papers")
class PaperController {

    private static final Logger log = LoggerFactory.getLogger(PaperController.class);
    /** Costs kept in memory at most (a few hundred KiB). */
    private static final int MAX_CACHED_COSTS = 10_000;

    private final UploadIntake intake;
    private final PaperViews views;
    private final PaperCanceller canceller;
    private final PaperEventStream events;
    private final PaperAccess access;
    private final BlobStore blobs;
    private final PaperServiceProperties properties;
    private final Map<String, Double> costs = new ConcurrentHashMap<>();

    PaperController(UploadIntake intake, PaperViews views, PaperCanceller canceller, PaperEventStream events,
            PaperAccess access, BlobStore blobs, PaperServiceProperties properties) {
        this.intake = intake;
        this.views = views;
        this.canceller = canceller;
        this.events = events;
        this.access = access;
        this.blobs = blobs;
        this.properties = properties;
    }

    /** A submission without approval gates. */
    ResponseEntity<PaperResponses.Accepted> submit(MultipartFile materials, @Nullable String paperId,
            @Nullable String cutoff, @Nullable String venue, @Nullable Integer pageLimit, @Nullable Integer iterations,
            boolean offline, Caller caller) throws IOException {
        return submit(materials, paperId, cutoff, venue, pageLimit, iterations, offline, null, null, caller);
    }

    @PostMapping(consumes = MediaType.MULTIPART_FORM_DATA_VALUE)
    ResponseEntity<PaperResponses.Accepted> submit(@RequestPart("materials") MultipartFile materials,
            @RequestParam(required = false) @Nullable String paperId,
            @RequestParam(required = false) @Nullable String cutoff,
            @RequestParam(required = false) @Nullable String venue,
            @RequestParam(required = false) @Nullable Integer pageLimit,
            @RequestParam(required = false) @Nullable Integer iterations,
            @RequestParam(defaultValue = "false") boolean offline,
            @RequestParam(required = false) @Nullable String approvals,
            @RequestParam(required = false) @Nullable String approvalTimeout, Caller caller) throws IOException {
        PaperAccess.require(caller, Role.SUBMIT, "submitting a paper");
        Files.createDirectories(properties.workDir());
        Path upload = Files.createTempFile(properties.workDir(), "upload-", ".archive");
        try {
            materials.transferTo(upload);
            UploadIntake.Submission submission = intake.submit(upload,
                    new UploadRequest(paperId, cutoff, venue, pageLimit, iterations, offline, approvals,
                            approvalTimeout), caller.tenant());
            return ResponseEntity.accepted().location(URI.create("/papers/" + submission.paperId()))
                    .body(new PaperResponses.Accepted(submission.paperId(), submission.state()));
        } finally {
            Files.deleteIfExists(upload);
        }
    }

    /** A page without costs. */
    PaperResponses.PaperPage list(@Nullable String state, int page, int size, Caller caller) {
        return list(state, page, size, false, caller);
    }

    @GetMapping
    PaperResponses.PaperPage list(@RequestParam(required = false) @Nullable String state,
            @RequestParam(defaultValue = "0") int page, @RequestParam(defaultValue = "50") int size,
            @RequestParam(defaultValue = "false") boolean cost, Caller caller) {
        if (page < 0 || size < 1 || size > properties.maxPageSize()) {
            throw new IllegalArgumentException("page must be 0 or more and size between 1 and "
                    + properties.maxPageSize());
        }
        PaperState filter = state == null || state.isBlank() ? null : stateNamed(state);
        PaperViews.Page found = views.list(filter, page, size, PaperAccess.visibleTo(caller));
        return new PaperResponses.PaperPage(found.papers().stream()
                .map(view -> PaperResponses.item(view, cost ? cost(view) : null)).toList(),
                found.page(), found.size(), found.total());
    }

    /** A state as a client writes it, in any case; an unknown one names the states there are. */
    private static PaperState stateNamed(String state) {
        String name = state.strip().toUpperCase(Locale.ROOT);
        return Arrays.stream(PaperState.values()).filter(known -> known.name().equals(name)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("unknown state '" + state.strip() + "': one of "
                        + Arrays.stream(PaperState.values()).map(known -> known.name()
                                .toLowerCase(Locale.ROOT)).toList()));
    }

    @GetMapping("/{id}")
    PaperResponses.Paper get(@PathVariable String id, Caller caller) {
        PaperViewState view = access.find(id, caller);
        return PaperResponses.paper(view, summary(view));
    }

    @DeleteMapping("/{id}")
    PaperResponses.Paper cancel(@PathVariable String id, Caller caller) {
        access.find(id, caller, Role.SUBMIT, "cancelling a paper");
        return PaperResponses.paper(canceller.cancel(id), null);
    }

    @GetMapping(path = "/{id}/events", produces = MediaType.TEXT_EVENT_STREAM_VALUE)
    SseEmitter events(@PathVariable String id, Caller caller) {
        // a paper just submitted may not be in this replica's view yet
        views.await(id, view -> true, properties.readYourWrite());
        access.find(id, caller);
        return events.follow(id);
    }

    /**
     * The paper's estimated model cost from its summary.json; null before it has one. A finished paper's summary
     * does not change, so its cost is read from the blob store once (per view version), not on every list a
     * console refreshes.
     */
    private @Nullable Double cost(PaperViewState view) {
        if (!PaperState.valueOf(view.getState()).isFinal()) {
            return null;
        }
        String key = view.getPaperId() + "@" + view.getUpdatedAt();
        Double known = costs.get(key);
        if (known != null) {
            return known;
        }
        RunSummary summary;
        try {
            summary = new PaperOutputs(view.getArtifacts(), blobs).runSummary().orElse(null);
        } catch (IllegalArgumentException e) {
            log.debug("paper {}: no cost from its summary.json: {}", view.getPaperId(), e.getMessage());
            return null;
        }
        if (summary == null) {
            return null;
        }
        double cost = summary.llm().estimatedCostUsd();
        if (costs.size() >= MAX_CACHED_COSTS) {
            costs.clear();
        }
        costs.put(key, cost);
        return cost;
    }

    private @Nullable JsonNode summary(PaperViewState view) {
        PaperOutputs outputs = new PaperOutputs(view.getArtifacts(), blobs);
        // a revision from human reviews keeps its summary under revision/
        return outputs.find("summary.json").or(() -> outputs.find("revision/summary.json"))
                .map(artifact -> Json.mapper().readTree(blobs.get(artifact.getArtifact())))
                .orElse(null);
    }
}
