package dev.paperorchestra.service.api;

import dev.paperorchestra.schemas.NamedArtifact;
import dev.paperorchestra.schemas.PaperStatusChangedEvent;
import dev.paperorchestra.schemas.Tenants;
import dev.paperorchestra.schemas.state.PaperViewState;
import dev.paperorchestra.schemas.state.PendingApproval;
import dev.paperorchestra.service.status.PaperState;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;

/** The JSON bodies of the API, as documented in openapi.yaml. */
public final class PaperResponses {

    private PaperResponses() {
    }

    /** 202 answer to a submission. */
    public record Accepted(String paperId, String status) {
    }

    /** One status change of a paper's timeline. */
    public record StatusChange(String stage, String agent, String state, String message, String occurredAt) {
    }

    /**
     * A paper in a list; {@code tenant} is who it belongs to; {@code estimatedCostUsd} only when asked for
     * ({@code cost=true}) and the paper is done.
     */
    public record PaperItem(String paperId, String tenant, String state, String currentStage,
            @Nullable String submittedAt, String updatedAt, @Nullable String failureReason,
            @Nullable Double estimatedCostUsd) {
    }

    /** One page of papers, newest first. */
    public record PaperPage(List<PaperItem> papers, int page, int size, long total) {
    }

    /**
     * One paper in full; {@code summary} is summary.json once the paper is done; {@code shortfalls} say why an
     * INCOMPLETE paper is not complete (empty otherwise).
     */
    public record Paper(String paperId, String tenant, String state, String currentStage, @Nullable String submittedAt,
            String updatedAt, @Nullable String failureReason, List<StatusChange> timeline, List<String> files,
            @Nullable JsonNode summary, @Nullable Approval approval, List<String> shortfalls) {
    }

    /** The gate a paper waits at: what is to be approved (by its digest) and until when. */
    public record Approval(String stage, String requestedAt, String deadline, String sha256, String mediaType) {
    }

    /** An output of a completed paper. */
    public record FileItem(String name, String mediaType, long sizeBytes, String sha256) {
    }

    /** The last server-sent event of a paper. */
    public record End(String paperId, String state, @Nullable String failureReason) {
    }

    /** Every error: what went wrong, and for bad materials the file and the problem. */
    public record Error(String error, @Nullable String file, String problem) {
    }

    public static StatusChange statusChange(PaperStatusChangedEvent event) {
        return new StatusChange(event.getStage(), event.getAgent(), event.getState().name().toLowerCase(Locale.ROOT),
                event.getMessage(), event.getOccurredAt().toString());
    }

    public static PaperItem item(PaperViewState view) {
        return item(view, null);
    }

    public static PaperItem item(PaperViewState view, @Nullable Double estimatedCostUsd) {
        return new PaperItem(view.getPaperId(), Tenants.of(view.getTenant()), view.getState(), view.getCurrentStage(),
                text(view.getSubmittedAt()), view.getUpdatedAt().toString(), view.getFailureReason(), estimatedCostUsd);
    }

    public static Paper paper(PaperViewState view, @Nullable JsonNode summary) {
        return new Paper(view.getPaperId(), Tenants.of(view.getTenant()), view.getState(), view.getCurrentStage(),
                text(view.getSubmittedAt()), view.getUpdatedAt().toString(), view.getFailureReason(),
                view.getTimeline().stream().map(PaperResponses::statusChange).toList(),
                view.getArtifacts().stream().map(NamedArtifact::getName).sorted().toList(), summary, approval(view),
                List.copyOf(view.getShortfalls()));
    }

    /** The pending approval of a paper that waits at a gate; null otherwise. */
    public static @Nullable Approval approval(PaperViewState view) {
        PendingApproval pending = view.getApproval();
        if (pending == null || !PaperState.AWAITING_APPROVAL.name().equals(view.getState())) {
            return null;
        }
        return new Approval(pending.getStage(), pending.getRequestedAt().toString(), pending.getDeadline().toString(),
                pending.getArtifact().getSha256(), pending.getArtifact().getMediaType());
    }

    public static FileItem file(NamedArtifact artifact) {
        return new FileItem(artifact.getName(), artifact.getArtifact().getMediaType(),
                artifact.getArtifact().getSizeBytes(), artifact.getArtifact().getSha256());
    }

    public static End end(PaperViewState view) {
        return new End(view.getPaperId(), view.getState(), view.getFailureReason());
    }

    private static @Nullable String text(@Nullable Instant instant) {
        return instant == null ? null : instant.toString();
    }
}
