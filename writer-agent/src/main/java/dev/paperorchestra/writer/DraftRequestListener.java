package dev.paperorchestra.writer;

import dev.paperorchestra.runtime.AgentIdentity;
import dev.paperorchestra.runtime.approval.ApprovalGateProperties;
import dev.paperorchestra.runtime.approval.Approvals;
import dev.paperorchestra.runtime.kafka.EventPublisher;
import dev.paperorchestra.runtime.kafka.ListenerFactories;
import dev.paperorchestra.runtime.kafka.PaperStatusPublisher;
import dev.paperorchestra.runtime.kafka.StageBudget;
import dev.paperorchestra.schemas.ApprovalGates;
import dev.paperorchestra.schemas.ApprovalRecord;
import dev.paperorchestra.schemas.ArtifactRef;
import dev.paperorchestra.schemas.DraftRequestedEvent;
import dev.paperorchestra.schemas.FiguresReadyEvent;
import dev.paperorchestra.schemas.PaperContext;
import dev.paperorchestra.schemas.topics.Topics;
import dev.paperorchestra.writer.figures.FiguresOffer;
import dev.paperorchestra.writer.join.DraftResult;
import dev.paperorchestra.writer.join.Drafter;
import java.time.Clock;
import org.springframework.kafka.annotation.KafkaListener;
import org.springframework.stereotype.Component;

/**
 * draft-requests -> paper-drafts: writes, compiles and repairs one paper within the stage budget, then
 * publishes the draft and its status events in the listener's transaction. A paper whose job asks for the
 * figures gate is held first, before any model call: the rendered figures are offered and the request parked at
 * the gate, which sends it back here with the decision; the figures the approver dropped are then left out.
 */
@Component
class DraftRequestListener {

    static final String ID = "writer-agent.draft-requests";

    private final Drafter drafter;
    private final StageBudget budget;
    private final EventPublisher publisher;
    private final PaperStatusPublisher status;
    private final FiguresOffer offer;
    private final ApprovalGateProperties approvals;
    private final Clock clock;
    private final AgentIdentity identity;

    DraftRequestListener(Drafter drafter, StageBudget budget, EventPublisher publisher, PaperStatusPublisher status,
            FiguresOffer offer, ApprovalGateProperties approvals, Clock clock, AgentIdentity identity) {
        this.identity = identity;
        this.drafter = drafter;
        this.budget = budget;
        this.publisher = publisher;
        this.status = status;
        this.offer = offer;
        this.approvals = approvals;
        this.clock = clock;
    }

    @KafkaListener(id = ID, groupId = ID, containerFactory = ListenerFactories.ONE_RECORD,
            topics = Topics.Names.DRAFT_REQUESTS)
    void onDraftRequested(DraftRequestedEvent request) {
        PaperContext context = request.getLiterature().getContext();
        String paperId = context.getPaperId();
        if (Approvals.waits(context, ApprovalGates.FIGURES)) {
            ArtifactRef offered = offer.store(request.getFigures());
            publisher.publish(Topics.APPROVAL_REQUESTS, paperId, Approvals.request(context, ApprovalGates.FIGURES,
                    offered, clock.instant(), approvals.timeout()).setDraft(request).build());
            status.notice(paperId, identity.stage(), request.getFigures().getFigures().size()
                    + " figures rendered; held at the figures gate before writing");
            return;
        }
        FiguresReadyEvent figures = FiguresOffer.without(request.getFigures(),
                Approvals.removed(context, ApprovalGates.FIGURES), "dropped at the figures gate by "
                        + Approvals.decision(context, ApprovalGates.FIGURES).map(ApprovalRecord::getDecidedBy)
                                .orElse("the approver"));
        DraftResult result = budget.run(paperId, () -> drafter.draft(request.getLiterature(), figures));
        publisher.publish(Topics.PAPER_DRAFTS, paperId, result.draft());
        result.statuses().forEach(status::publish);
    }
}
