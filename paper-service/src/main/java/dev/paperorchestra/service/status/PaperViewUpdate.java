package dev.paperorchestra.service.status;

import dev.paperorchestra.runtime.approval.ApprovalGate;
import dev.paperorchestra.schemas.ApprovalRequestedEvent;
import dev.paperorchestra.schemas.PaperCompletedEvent;
import dev.paperorchestra.schemas.PaperStatusChangedEvent;
import dev.paperorchestra.schemas.RevisionCompletedEvent;
import dev.paperorchestra.schemas.StageState;
import dev.paperorchestra.schemas.state.PaperViewState;
import dev.paperorchestra.schemas.state.PendingApproval;
import dev.paperorchestra.schemas.topics.Topics;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.apache.avro.specific.SpecificRecord;
import org.jspecify.annotations.Nullable;

/**
 * How one record of paper-status, paper-completed, revision-completed or approval-requests changes a paper's view. A final state sticks: an agent
 * that was mid-step when the paper was cancelled may still report, and the paper stays CANCELLED. A written paper with
 * shortfalls (paper-completed's, or a revision that did not pass) is INCOMPLETE, never COMPLETED.
 */
public final class PaperViewUpdate {

    /** Most status changes kept per paper; a model run with a long review loop has a few dozen. */
    static final int MAX_TIMELINE = 500;

    private PaperViewUpdate() {
    }

    public static PaperViewState empty(String paperId) {
        return PaperViewState.newBuilder().setPaperId(paperId).setState(PaperState.SUBMITTED.name())
                .setCurrentStage("submit").setUpdatedAt(Instant.EPOCH).build();
    }

    public static PaperViewState apply(String paperId, @Nullable SpecificRecord record, PaperViewState view) {
        PaperViewState current = view.getPaperId().isEmpty() ? empty(paperId) : view;
        return switch (record) {
            case PaperStatusChangedEvent status -> withStatus(current, status);
            case PaperCompletedEvent completed -> withCompletion(current, completed);
            case RevisionCompletedEvent revised -> withRevision(current, revised);
            case ApprovalRequestedEvent request -> PaperViewState.newBuilder(current).setApproval(PendingApproval
                    .newBuilder().setStage(request.getStage()).setArtifact(request.getArtifact())
                    .setRequestedAt(request.getRequestedAt()).setDeadline(request.getDeadline()).build()).build();
            case null, default -> current;
        };
    }

    private static PaperViewState withStatus(PaperViewState view, PaperStatusChangedEvent status) {
        List<PaperStatusChangedEvent> timeline = new ArrayList<>(view.getTimeline());
        timeline.add(status);
        if (timeline.size() > MAX_TIMELINE) {
            timeline = new ArrayList<>(timeline.subList(timeline.size() - MAX_TIMELINE, timeline.size()));
        }
        PaperViewState.Builder next = PaperViewState.newBuilder(view).setTimeline(timeline)
                .setUpdatedAt(status.getOccurredAt());
        if (view.getSubmittedAt() == null) {
            next.setSubmittedAt(status.getOccurredAt());
        }
        if (view.getTenant() == null && status.getTenant() != null) {
            // the submit status names the owner; nothing later changes it
            next.setTenant(status.getTenant());
        }
        if (PaperState.valueOf(view.getState()).isFinal()) {
            return next.build();
        }
        if (stillWaiting(view, status)) {
            // the plotting branch goes on while the literature branch waits at the citations gate: its progress
            // joins the timeline, but the paper waits until the gate itself answers
            return next.build();
        }
        next.setCurrentStage(status.getStage());
        switch (status.getState()) {
            case FAILED -> next.setState(PaperState.FAILED.name()).setFailureReason(status.getMessage());
            case CANCELLED -> next.setState(PaperState.CANCELLED.name()).setFailureReason(status.getMessage());
            case AWAITING_APPROVAL -> next.setState(PaperState.AWAITING_APPROVAL.name());
            case COMPLETED -> next.setState(isFinal(status) && !view.getArtifacts().isEmpty()
                    ? written(view.getShortfalls()) : running(status));
            default -> next.setState(running(status));
        }
        return next.build();
    }

    private static PaperViewState withCompletion(PaperViewState view, PaperCompletedEvent completed) {
        PaperViewState.Builder next = PaperViewState.newBuilder(view).setArtifacts(completed.getArtifacts())
                .setShortfalls(completed.getShortfalls());
        if (view.getSubmittedAt() == null) {
            next.setSubmittedAt(completed.getContext().getSubmittedAt());
        }
        if (!PaperState.valueOf(view.getState()).isFinal()) {
            next.setState(written(completed.getShortfalls())).setCurrentStage(Topics.PAPER_COMPLETED.writer()
                    .replace("-agent", ""));
        }
        return next.build();
    }

    /**
     * A revision from human reviews ends like a paper: its outputs become the paper's files, and one that did not
     * pass (po revise's exit 1) is INCOMPLETE.
     */
    private static PaperViewState withRevision(PaperViewState view, RevisionCompletedEvent revised) {
        List<String> shortfalls = new ArrayList<>();
        if (!revised.getValidPdf()) {
            shortfalls.add("the revised paper has no valid PDF (revision/summary.json says why)");
        }
        if (!revised.getAuditClean()) {
            shortfalls.add("a kept edit has a fabrication-audit finding (revision/summary.json lists it)");
        }
        PaperViewState.Builder next = PaperViewState.newBuilder(view).setArtifacts(revised.getArtifacts())
                .setShortfalls(shortfalls);
        if (view.getSubmittedAt() == null) {
            next.setSubmittedAt(revised.getSubmittedAt());
        }
        if (!PaperState.valueOf(view.getState()).isFinal()) {
            next.setState(written(shortfalls)).setCurrentStage("revision");
        }
        return next.build();
    }

    /** A written paper is COMPLETED only with nothing short of complete; else INCOMPLETE. */
    private static String written(List<String> shortfalls) {
        return shortfalls.isEmpty() ? PaperState.COMPLETED.name() : PaperState.INCOMPLETE.name();
    }

    /**
     * True for a status that leaves a waiting paper waiting: anything but a failure, a cancel, a new wait or the
     * waiting gate's own answer.
     */
    private static boolean stillWaiting(PaperViewState view, PaperStatusChangedEvent status) {
        PendingApproval approval = view.getApproval();
        if (!PaperState.AWAITING_APPROVAL.name().equals(view.getState()) || approval == null) {
            return false;
        }
        return switch (status.getState()) {
            case FAILED, CANCELLED, AWAITING_APPROVAL -> false;
            default -> !(status.getAgent().equals(ApprovalGate.AGENT) && status.getStage().equals(approval.getStage()));
        };
    }

    private static String running(PaperStatusChangedEvent status) {
        return status.getStage().equals("submit") ? PaperState.SUBMITTED.name() : PaperState.RUNNING.name();
    }

    /** The refine agent's COMPLETED is the last status of a paper, written with paper-completed. */
    private static boolean isFinal(PaperStatusChangedEvent status) {
        return status.getState() == StageState.COMPLETED && status.getAgent().equals(Topics.PAPER_COMPLETED.writer());
    }
}
