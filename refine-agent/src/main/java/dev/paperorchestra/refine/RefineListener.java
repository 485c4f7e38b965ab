package dev.paperorchestra.refine;

import dev.paperorchestra.refine.loop.LoopStep;
import dev.paperorchestra.refine.loop.RefinementLoop;
import dev.paperorchestra.runtime.AgentIdentity;
import dev.paperorchestra.runtime.approval.ApprovalGateProperties;
import dev.paperorchestra.runtime.approval.Approvals;
import dev.paperorchestra.base.errors.PermanentException;
import dev.paperorchestra.runtime.kafka.EventPublisher;
import dev.paperorchestra.runtime.kafka.ListenerFactories;
import dev.paperorchestra.runtime.kafka.PaperStatusPublisher;
import dev.paperorchestra.runtime.kafka.StageBudget;
import dev.paperorchestra.runtime.metrics.PaperMetrics;
import dev.paperorchestra.schemas.ApprovalGates;
import dev.paperorchestra.schemas.ArtifactRef;
import dev.paperorchestra.schemas.NamedArtifact;
import dev.paperorchestra.schemas.PaperCompletedEvent;
import dev.paperorchestra.schemas.PaperDraftedEvent;
import dev.paperorchestra.schemas.ReviewCompletedEvent;
import dev.paperorchestra.schemas.ReviewRequestedEvent;
import dev.paperorchestra.schemas.topics.Topics;
import java.time.Clock;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.kafka.annotation.KafkaListener;
import org.springframework.stereotype.Component;

/**
 * Kafka wiring of the loop: a draft starts it, every review result moves it one step. Each step reads and
 * writes in one transaction, so a redelivered review cannot emit a second request or completion.
 */
@Component
class RefineListener {

    private static final Logger log = LoggerFactory.getLogger(RefineListener.class);

    private final RefinementLoop loop;
    private final EventPublisher publisher;
    private final PaperStatusPublisher status;
    private final AgentIdentity identity;
    private final Clock clock;
    private final PaperMetrics metrics;
    private final StageBudget budget;
    private final ApprovalGateProperties approvals;

    RefineListener(RefinementLoop loop, EventPublisher publisher, PaperStatusPublisher status,
            AgentIdentity identity, Clock clock, PaperMetrics metrics, StageBudget budget,
            ApprovalGateProperties approvals) {
        this.approvals = approvals;
        this.loop = loop;
        this.budget = budget;
        this.publisher = publisher;
        this.status = status;
        this.identity = identity;
        this.clock = clock;
        // refine-agent is the one writer of paper-completed, hence the one counter of completed papers
        this.metrics = metrics.countingCompletions();
    }

    @KafkaListener(id = "refine-agent.paper-drafts", groupId = "refine-agent-drafts",
            containerFactory = ListenerFactories.ONE_RECORD,
            topics = Topics.Names.PAPER_DRAFTS)
    void onPaperDrafted(PaperDraftedEvent draft) {
        String paperId = draft.getContext().getPaperId();
        status.started(paperId, identity.stage(), "reviewing draft");
        ReviewRequestedEvent request = budget.run(paperId, () -> loop.start(draft, clock.instant()));
        publisher.publish(Topics.REVIEW_REQUESTS, paperId, request);
        log.info("paper {} refinement started; version {} sent for review", paperId,
                request.getState().getCandidate().getVersion());
    }

    // a model revision takes minutes: one record per poll; the stage budget bounds it and sets the poll interval
    @KafkaListener(id = "refine-agent.review-results", groupId = "refine-agent-reviews",
            containerFactory = ListenerFactories.ONE_RECORD,
            topics = Topics.Names.REVIEW_RESULTS)
    void onReviewCompleted(ReviewCompletedEvent review) {
        String paperId = review.getPaperId();
        switch (budget.run(paperId, () -> loop.next(review, clock.instant()))) {
            case LoopStep.Continue next -> {
                publisher.publish(Topics.REVIEW_REQUESTS, paperId, next.request());
                status.notice(paperId, identity.stage(), next.note());
                log.info("paper {} iteration {} reviewed; version {} sent for review", paperId,
                        review.getState().getIteration(), next.request().getState().getCandidate().getVersion());
            }
            case LoopStep.Complete done when Approvals.waits(done.completed().getContext(), ApprovalGates.FINAL) -> {
                // held at the final gate: paper-completed (and the completion count) only once a person approves
                PaperCompletedEvent completed = done.completed();
                publisher.publish(Topics.APPROVAL_REQUESTS, paperId, Approvals.request(completed.getContext(),
                        ApprovalGates.FINAL, finalArtifact(completed), clock.instant(), approvals.timeout())
                        .setCompleted(completed).build());
                status.notice(paperId, identity.stage(), done.message() + "; held at the final gate");
                log.info("paper {} refined after iteration {}; held at the final gate", paperId,
                        review.getState().getIteration());
            }
            case LoopStep.Complete done -> {
                publisher.publish(Topics.PAPER_COMPLETED, paperId, done.completed());
                status.completed(paperId, identity.stage(), done.message());
                metrics.completed(done.completed().getContext(), clock.instant());
                log.info("paper {} completed after iteration {}: {}", paperId, review.getState().getIteration(),
                        done.message());
            }
        }
    }

    /** What the final gate offers: the kept version's PDF, or its LaTeX when it did not compile. */
    static ArtifactRef finalArtifact(PaperCompletedEvent completed) {
        ArtifactRef tex = null;
        for (NamedArtifact artifact : completed.getArtifacts()) {
            if (artifact.getName().equals("paper.pdf")) {
                return artifact.getArtifact();
            }
            if (artifact.getName().equals("paper.tex")) {
                tex = artifact.getArtifact();
            }
        }
        if (tex == null) {
            throw new PermanentException("paper " + completed.getContext().getPaperId() + " completed without "
                    + "paper.tex; nothing to offer at the final gate");
        }
        return tex;
    }
}
