package dev.paperorchestra.outline.approval;

import dev.paperorchestra.runtime.kafka.PaperStatusPublisher;
import dev.paperorchestra.runtime.kafka.StageTimings;
import dev.paperorchestra.runtime.streams.Step;
import dev.paperorchestra.runtime.streams.TimedPaperAggregation;
import dev.paperorchestra.schemas.ApprovalDecidedEvent;
import dev.paperorchestra.schemas.ApprovalGates;
import dev.paperorchestra.schemas.ApprovalRecord;
import dev.paperorchestra.schemas.ApprovalRequestedEvent;
import dev.paperorchestra.schemas.OutlineCreatedEvent;
import dev.paperorchestra.schemas.PaperCancelledEvent;
import dev.paperorchestra.schemas.PaperContext;
import dev.paperorchestra.schemas.StageState;
import dev.paperorchestra.schemas.topics.Topics;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.apache.avro.specific.SpecificRecord;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Holds a paper at an approval gate. The state is the paper's pending {@link ApprovalRequestedEvent}, kept in a
 * changelog-backed store: the paper waits without a thread, a poll or a model call, across restarts. A decision
 * for the gate it waits at releases it (approved: the held outline goes to paper-outlines, with the edited
 * outline if the approver gave one) or ends it (rejected); the clock ends it at its deadline; a cancel marker
 * drops it. Every decision goes into the paper's timeline (paper-status) and, when the paper goes on, into its
 * context, hence summary.json.
 */
public final class ApprovalGate implements TimedPaperAggregation<ApprovalRequestedEvent> {

    /** The agent name on the gate's status events. */
    public static final String AGENT = "approval-gate";
    static final String APPROVED = "APPROVED";
    static final String REJECTED = "REJECTED";
    static final String TIMED_OUT = "TIMED_OUT";

    private static final Logger log = LoggerFactory.getLogger(ApprovalGate.class);

    private final Clock clock;
    private final Duration checkEvery;
    private final Runnable ended;

    /**
     * @param ended counts a paper the gate ends (rejected or timed out) as failed, so the papers-in-flight
     *              difference of the metrics (submitted - completed - failed - cancelled) lets it go
     */
    public ApprovalGate(Clock clock, Duration checkEvery, Runnable ended) {
        this.clock = clock;
        this.checkEvery = checkEvery;
        this.ended = ended;
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
        if (!ApprovalGates.AVAILABLE.contains(request.getStage()) || request.getOutline() == null) {
            throw new IllegalArgumentException("paper " + paperId + " asked to wait at the " + request.getStage()
                    + " gate, which holds nothing to release (only the outline gate exists)");
        }
        log.info("paper {} waits at the {} gate until {}", paperId, request.getStage(), request.getDeadline());
        return Step.keep(request, status(paperId, request.getStage(), StageState.AWAITING_APPROVAL,
                request.getStage() + " waits for approval until " + request.getDeadline() + ": approve with po approve "
                        + paperId + " --stage " + request.getStage() + " (or reject with po reject), or PUT /papers/"
                        + paperId + "/approvals/" + request.getStage()));
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
        ApprovalRecord record = ApprovalRecord.newBuilder().setStage(stage)
                .setDecision(decision.getApproved() ? APPROVED : REJECTED).setDecidedBy(decision.getDecidedBy())
                .setDecidedAt(decision.getDecidedAt()).setNote(decision.getNote())
                .setChange(decision.getEdited() == null ? null : decision.getChange()).build();
        if (!decision.getApproved()) {
            log.info("paper {}: {} rejected at its gate", paperId, stage);
            ended.run();
            return Step.finish(status(paperId, stage, StageState.FAILED, stage + " rejected by "
                    + decision.getDecidedBy() + " at " + decision.getDecidedAt() + (decision.getNote() == null ? ""
                            : ": " + decision.getNote())));
        }
        OutlineCreatedEvent released = released(pending, decision, record);
        log.info("paper {}: {} approved{}; released to {}", paperId, stage,
                decision.getEdited() == null ? "" : " with an edit", Topics.PAPER_OUTLINES.name());
        return Step.finish(Step.Output.of(Topics.PAPER_OUTLINES, paperId, released),
                status(paperId, stage, StageState.NOTICE, stage + " approved by " + decision.getDecidedBy() + " at "
                        + decision.getDecidedAt() + (decision.getNote() == null ? "" : " (" + decision.getNote() + ")")
                        + (decision.getEdited() == null ? ", as it was" : ", edited: " + decision.getChange())));
    }

    /** The held outline event, with the edited outline when there is one and the decision in its context. */
    static OutlineCreatedEvent released(ApprovalRequestedEvent pending, ApprovalDecidedEvent decision,
            ApprovalRecord record) {
        OutlineCreatedEvent held = pending.getOutline();
        if (held == null) {
            throw new IllegalStateException("paper " + pending.getPaperId() + " waits at the outline gate without "
                    + "its outline");
        }
        // the wait is a stage of its own, so the literature and plotting stages do not count it as theirs
        PaperContext waited = StageTimings.append(held.getContext(), pending.getStage() + "-approval", AGENT,
                decision.getDecidedAt());
        PaperContext.Builder context = PaperContext.newBuilder(waited)
                .setApprovals(append(held.getContext().getApprovals(), record));
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

    private static List<ApprovalRecord> append(List<ApprovalRecord> records, ApprovalRecord record) {
        List<ApprovalRecord> all = new ArrayList<>(records);
        all.add(record);
        return all;
    }

    /**
     * The request that stops a paper at a gate, its deadline the job's approval timeout or else the deployment's.
     *
     * @param outline the event to release once the outline is approved
     */
    public static ApprovalRequestedEvent outlineRequest(OutlineCreatedEvent outline, Instant now,
            Duration defaultTimeout) {
        PaperContext context = outline.getContext();
        String timeout = context.getOptions().getApprovalTimeout();
        Duration wait = timeout == null ? defaultTimeout : ApprovalGates.timeout(timeout);
        return ApprovalRequestedEvent.newBuilder().setPaperId(context.getPaperId()).setStage(ApprovalGates.OUTLINE)
                .setArtifact(context.getOutline()).setRequestedAt(now).setDeadline(now.plus(wait)).setOutline(outline)
                .build();
    }

    /** True when the paper's job asks to stop at this gate. */
    public static boolean asksFor(PaperContext context, String stage) {
        return context.getOptions().getApprovals().contains(stage);
    }
}
