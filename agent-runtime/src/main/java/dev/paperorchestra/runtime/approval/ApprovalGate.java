package dev.paperorchestra.runtime.approval;

import dev.paperorchestra.model.summary.RunSummary;
import dev.paperorchestra.runtime.blob.BlobStore;
import dev.paperorchestra.runtime.blob.MediaTypes;
import dev.paperorchestra.runtime.kafka.PaperStatusPublisher;
import dev.paperorchestra.runtime.streams.Step;
import dev.paperorchestra.runtime.streams.TimedPaperAggregation;
import dev.paperorchestra.schemas.ApprovalDecidedEvent;
import dev.paperorchestra.schemas.ApprovalGates;
import dev.paperorchestra.schemas.ApprovalRecord;
import dev.paperorchestra.schemas.ApprovalRequestedEvent;
import dev.paperorchestra.schemas.DraftRequestedEvent;
import dev.paperorchestra.schemas.FiguresReadyEvent;
import dev.paperorchestra.schemas.LiteratureDraftRequestedEvent;
import dev.paperorchestra.schemas.LiteratureReadyEvent;
import dev.paperorchestra.schemas.NamedArtifact;
import dev.paperorchestra.schemas.OutlineCreatedEvent;
import dev.paperorchestra.schemas.PaperCancelledEvent;
import dev.paperorchestra.schemas.PaperCompletedEvent;
import dev.paperorchestra.schemas.PaperContext;
import dev.paperorchestra.schemas.StageState;
import dev.paperorchestra.schemas.StageTiming;
import dev.paperorchestra.schemas.topics.Topics;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.apache.avro.specific.SpecificRecord;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Holds a paper at any approval gate. The state is the paper's pending {@link ApprovalRequestedEvent}, kept in a
 * changelog-backed store: the paper waits without a thread, a poll or a model call, across restarts. The request
 * carries the event the paper would have gone on with; a decision for the gate it waits at releases that event to
 * the topic it was meant for, with the decision in its context (approved), or ends the paper (rejected); the clock
 * ends it at its deadline; a cancel marker drops it.
 *
 * <p>One gate serves every stage because what differs per stage is only which held event goes to which topic:
 * the outline to paper-outlines (with an edited outline), the literature draft request back to
 * literature-draft-requests and the draft request back to draft-requests (their listeners see the decision in
 * the context, go on, and leave out what the approver removed), the completion to paper-completed (its
 * summary.json rewritten with the decision). Every decision goes into the paper's timeline (paper-status) and,
 * when the paper goes on, into its context, hence summary.json.
 */
public final class ApprovalGate implements TimedPaperAggregation<ApprovalRequestedEvent> {

    /** The agent name on the gate's status events. */
    public static final String AGENT = "approval-gate";
    public static final String APPROVED = "APPROVED";
    static final String REJECTED = "REJECTED";

    private static final Logger log = LoggerFactory.getLogger(ApprovalGate.class);

    private final Clock clock;
    private final Duration checkEvery;
    private final BlobStore blobs;
    private final Runnable ended;
    private final Consumer<PaperContext> completed;

    /**
     * @param blobs     rewrites a released paper's summary.json with the final decision in it
     * @param ended     counts a paper the gate ends (rejected or timed out) as failed, so the papers-in-flight
     *                  difference of the metrics (submitted - completed - failed - cancelled) lets it go
     * @param completed counts a paper the final gate releases as completed (the refine agent held it back)
     */
    public ApprovalGate(Clock clock, Duration checkEvery, BlobStore blobs, Runnable ended,
            Consumer<PaperContext> completed) {
        this.clock = clock;
        this.checkEvery = checkEvery;
        this.blobs = blobs;
        this.ended = ended;
        this.completed = completed;
    }

    @Override
    public Duration checkEvery() {
        return checkEvery;
    }

    @Override
    public Step<ApprovalRequestedEvent> apply(@Nullable ApprovalRequestedEvent pending, SpecificRecord event) {
        return switch (event) {
            case ApprovalRequestedEvent request -> requested(pending, request);
            case ApprovalDecidedEvent decision -> decided(pending, decision);
            case PaperCancelledEvent cancelled -> {
                if (pending != null) {
                    log.info("paper {}: cancelled while waiting at the {} gate; the gate lets it go",
                            cancelled.getPaperId(), pending.getStage());
                }
                yield Step.finish();
            }
            default -> throw new IllegalArgumentException("the approval gate reads approval requests, decisions and "
                    + "cancel markers, not " + event.getClass().getSimpleName());
        };
    }

    private Step<ApprovalRequestedEvent> requested(@Nullable ApprovalRequestedEvent pending,
            ApprovalRequestedEvent request) {
        if (pending != null && pending.getStage().equals(request.getStage())) {
            // a redelivered request: the paper already waits here, with its first deadline
            return Step.keep(pending);
        }
        String paperId = request.getPaperId();
        String stage = request.getStage();
        if (!ApprovalGates.ALL.contains(stage) || held(request) == null) {
            throw new IllegalArgumentException("paper " + paperId + " asked to wait at the " + stage
                    + " gate without the event that gate releases");
        }
        log.info("paper {} waits at the {} gate until {}", paperId, stage, request.getDeadline());
        return Step.keep(request, status(paperId, stage, StageState.AWAITING_APPROVAL,
                stage + " waits for approval until " + request.getDeadline() + ": approve with po approve "
                        + paperId + " --stage " + stage + " (or reject with po reject), or PUT /papers/"
                        + paperId + "/approvals/" + stage));
    }

    /** The event the request holds for its stage; null when it holds none. */
    static @Nullable SpecificRecord held(ApprovalRequestedEvent request) {
        return switch (request.getStage()) {
            case ApprovalGates.OUTLINE -> request.getOutline();
            case ApprovalGates.CITATIONS -> request.getLiterature();
            case ApprovalGates.FIGURES -> request.getDraft();
            case ApprovalGates.FINAL -> request.getCompleted();
            default -> null;
        };
    }

    private Step<ApprovalRequestedEvent> decided(@Nullable ApprovalRequestedEvent pending,
            ApprovalDecidedEvent decision) {
        String paperId = decision.getPaperId();
        if (pending == null || !pending.getStage().equals(decision.getStage())) {
            // the service checks the paper waits at this gate before writing a decision; this one lost a race
            // (a second decision, a timeout just before): the first outcome stands
            log.warn("paper {}: a decision for the {} gate arrived while the paper {}; ignored", paperId,
                    decision.getStage(), pending == null ? "waits at no gate" : "waits at " + pending.getStage());
            return pending == null ? Step.finish() : Step.keep(pending);
        }
        String stage = pending.getStage();
        boolean edited = decision.getEdited() != null;
        ApprovalRecord record = ApprovalRecord.newBuilder().setStage(stage)
                .setDecision(decision.getApproved() ? APPROVED : REJECTED).setDecidedBy(decision.getDecidedBy())
                .setDecidedAt(decision.getDecidedAt()).setNote(decision.getNote())
                .setChange(edited ? decision.getChange() : null)
                .setRemoved(edited ? decision.getRemoved() : List.of()).build();
        if (!decision.getApproved()) {
            log.info("paper {}: {} rejected at its gate", paperId, stage);
            ended.run();
            return Step.finish(status(paperId, stage, StageState.FAILED, stage + " rejected by "
                    + decision.getDecidedBy() + " at " + decision.getDecidedAt() + (decision.getNote() == null ? ""
                            : ": " + decision.getNote())));
        }
        Step.Output<?> released = release(pending, decision, record);
        log.info("paper {}: {} approved{}; released to {}", paperId, stage, edited ? " with an edit" : "",
                released.topic().name());
        Step.Output<?> approved = status(paperId, stage, StageState.NOTICE, stage + " approved by "
                + decision.getDecidedBy() + " at " + decision.getDecidedAt()
                + (decision.getNote() == null ? "" : " (" + decision.getNote() + ")")
                + (edited ? ", edited: " + decision.getChange() : ", as it was"));
        if (released.event() instanceof PaperCompletedEvent done) {
            completed.accept(done.getContext());
            return Step.finish(approved, released, status(paperId, stage, StageState.COMPLETED,
                    "final approved: the paper is complete"));
        }
        return Step.finish(approved, released);
    }

    /** The held event, with the decision in its context, bound for the topic it was held back from. */
    private Step.Output<?> release(ApprovalRequestedEvent pending, ApprovalDecidedEvent decision,
            ApprovalRecord record) {
        String paperId = pending.getPaperId();
        SpecificRecord held = held(pending);
        return switch (held) {
            case OutlineCreatedEvent outline -> Step.Output.of(Topics.PAPER_OUTLINES, paperId,
                    released(outline, pending, decision, record));
            case LiteratureDraftRequestedEvent literature -> Step.Output.of(Topics.LITERATURE_DRAFT_REQUESTS, paperId,
                    LiteratureDraftRequestedEvent.newBuilder(literature)
                            .setContext(decided(literature.getContext(), pending, record)).build());
            case DraftRequestedEvent draft -> {
                // both halves carry the decision: the writer joins their contexts
                LiteratureReadyEvent literature = draft.getLiterature();
                FiguresReadyEvent figures = draft.getFigures();
                yield Step.Output.of(Topics.DRAFT_REQUESTS, paperId, DraftRequestedEvent.newBuilder()
                        .setLiterature(LiteratureReadyEvent.newBuilder(literature)
                                .setContext(decided(literature.getContext(), pending, record)).build())
                        .setFigures(FiguresReadyEvent.newBuilder(figures)
                                .setContext(decided(figures.getContext(), pending, record)).build())
                        .build());
            }
            case PaperCompletedEvent completion -> Step.Output.of(Topics.PAPER_COMPLETED, paperId,
                    finalRelease(completion, pending, record));
            case null, default -> throw new IllegalStateException("paper " + paperId + " waits at the "
                    + pending.getStage() + " gate without the event it releases");
        };
    }

    /** The held outline event, with the edited outline when there is one and the decision in its context. */
    static OutlineCreatedEvent released(OutlineCreatedEvent held, ApprovalRequestedEvent pending,
            ApprovalDecidedEvent decision, ApprovalRecord record) {
        PaperContext.Builder context = PaperContext.newBuilder(decided(held.getContext(), pending, record));
        OutlineCreatedEvent.Builder out = OutlineCreatedEvent.newBuilder(held);
        if (decision.getEdited() != null) {
            context.setOutline(decision.getEdited());
            if (decision.getFigureCount() != null) {
                out.setFigureCount(decision.getFigureCount());
            }
            if (decision.getSearchQueryCount() != null) {
                out.setSearchQueryCount(decision.getSearchQueryCount());
            }
        }
        return out.setContext(context.build()).build();
    }

    /**
     * The held completion with the decision in its context and in its summary.json. The summary is rewritten
     * here, not by the refine agent, because the paper no longer passes through it; the blob store is
     * content-addressed, so a redelivered decision writes the same summary again and changes nothing.
     */
    private PaperCompletedEvent finalRelease(PaperCompletedEvent held, ApprovalRequestedEvent pending,
            ApprovalRecord record) {
        PaperContext context = decided(held.getContext(), pending, record);
        List<NamedArtifact> artifacts = new ArrayList<>();
        for (NamedArtifact artifact : held.getArtifacts()) {
            if (artifact.getName().equals("summary.json")) {
                RunSummary summary = RunSummary.parse(blobs.getText(artifact.getArtifact()), "summary.json of "
                        + held.getContext().getPaperId());
                StageTiming wait = context.getTimings().getLast();
                RunSummary decided = summary.withDecision(new RunSummary.Stage(wait.getStage(), wait.getAgent(),
                        Duration.between(wait.getStartedAt(), wait.getFinishedAt()).toMillis() / 1000.0),
                        new RunSummary.Approval(record.getStage(), record.getDecision(), record.getDecidedBy(),
                                record.getDecidedAt().toString(), record.getNote(), record.getChange()));
                artifacts.add(NamedArtifact.newBuilder(artifact).setArtifact(blobs.putText(decided.toJsonText(),
                        MediaTypes.JSON)).build());
            } else {
                artifacts.add(artifact);
            }
        }
        return PaperCompletedEvent.newBuilder(held).setContext(context).setArtifacts(artifacts).build();
    }

    /**
     * The context with the decision appended and the wait as a stage of its own (from the request to the
     * decision), so the stages around it do not count it as theirs.
     */
    static PaperContext decided(PaperContext context, ApprovalRequestedEvent pending, ApprovalRecord record) {
        List<StageTiming> timings = new ArrayList<>(context.getTimings());
        timings.add(StageTiming.newBuilder().setStage(pending.getStage() + "-approval").setAgent(AGENT)
                .setStartedAt(pending.getRequestedAt()).setFinishedAt(record.getDecidedAt()).build());
        List<ApprovalRecord> approvals = new ArrayList<>(context.getApprovals());
        approvals.add(record);
        return PaperContext.newBuilder(context).setTimings(timings).setApprovals(approvals).build();
    }

    @Override
    public @Nullable Step<ApprovalRequestedEvent> onClock(String paperId, ApprovalRequestedEvent pending,
            Instant now) {
        if (now.isBefore(pending.getDeadline())) {
            return null;
        }
        Duration waited = Duration.between(pending.getRequestedAt(), pending.getDeadline());
        log.info("paper {}: no decision at the {} gate within {}; the paper ends", paperId, pending.getStage(),
                waited);
        ended.run();
        return Step.finish(status(paperId, pending.getStage(), StageState.FAILED, "approval timed out: no decision "
                + "at the " + pending.getStage() + " gate within " + waited + " (waiting since "
                + pending.getRequestedAt() + "); the paper ends"));
    }

    private Step.Output<?> status(String paperId, String stage, StageState state, String message) {
        return Step.Output.of(Topics.PAPER_STATUS, paperId,
                PaperStatusPublisher.event(paperId, stage, AGENT, state, message, clock.instant()));
    }
}
