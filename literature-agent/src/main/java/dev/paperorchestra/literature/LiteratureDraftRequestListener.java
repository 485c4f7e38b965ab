package dev.paperorchestra.literature;

import dev.paperorchestra.literature.collect.CitationPoolOffer;
import dev.paperorchestra.literature.collect.LiteratureDrafting;
import dev.paperorchestra.runtime.AgentIdentity;
import dev.paperorchestra.runtime.approval.ApprovalGateProperties;
import dev.paperorchestra.runtime.approval.Approvals;
import dev.paperorchestra.runtime.kafka.EventPublisher;
import dev.paperorchestra.runtime.kafka.ListenerFactories;
import dev.paperorchestra.runtime.kafka.PaperStatusPublisher;
import dev.paperorchestra.runtime.kafka.StageBudget;
import dev.paperorchestra.schemas.ApprovalGates;
import dev.paperorchestra.schemas.LiteratureDraftRequestedEvent;
import dev.paperorchestra.schemas.LiteratureReadyEvent;
import dev.paperorchestra.schemas.PaperContext;
import dev.paperorchestra.schemas.topics.Topics;
import java.time.Clock;
import org.springframework.kafka.annotation.KafkaListener;
import org.springframework.stereotype.Component;

/**
 * literature-draft-requests -> literature-ready: drafts introduction and related work of one paper within the
 * stage budget, and marks the literature stage completed in the same transaction. A paper whose job asks for the
 * citations gate is held first: the verified pool is stored and the request parked at the gate, before any model
 * call; the gate sends the request back here with the decision, and the draft leaves out what was removed.
 */
@Component
class LiteratureDraftRequestListener {

    static final String ID = "literature-agent.literature-draft-requests";

    private final LiteratureDrafting drafting;
    private final StageBudget budget;
    private final EventPublisher publisher;
    private final PaperStatusPublisher status;
    private final AgentIdentity identity;
    private final CitationPoolOffer offer;
    private final ApprovalGateProperties approvals;
    private final Clock clock;

    LiteratureDraftRequestListener(LiteratureDrafting drafting, StageBudget budget, EventPublisher publisher,
            PaperStatusPublisher status, AgentIdentity identity, CitationPoolOffer offer,
            ApprovalGateProperties approvals, Clock clock) {
        this.drafting = drafting;
        this.budget = budget;
        this.publisher = publisher;
        this.status = status;
        this.identity = identity;
        this.offer = offer;
        this.approvals = approvals;
        this.clock = clock;
    }

    @KafkaListener(id = ID, groupId = ID, containerFactory = ListenerFactories.ONE_RECORD,
            topics = Topics.Names.LITERATURE_DRAFT_REQUESTS)
    void onDraftRequested(LiteratureDraftRequestedEvent request) {
        PaperContext context = request.getContext();
        String paperId = context.getPaperId();
        if (Approvals.waits(context, ApprovalGates.CITATIONS)) {
            CitationPoolOffer.Offer offered = offer.offer(request);
            publisher.publish(Topics.APPROVAL_REQUESTS, paperId, Approvals.request(context,
                    ApprovalGates.CITATIONS, offered.pool(), clock.instant(), approvals.timeout())
                    .setLiterature(request).build());
            status.notice(paperId, identity.stage(), offered.size() + " verified citations in the pool, "
                    + offered.rejected() + " rejected; held at the citations gate before drafting");
            return;
        }
        LiteratureReadyEvent drafted = budget.run(paperId, () -> drafting.draft(request));
        publisher.publish(Topics.LITERATURE_READY, paperId, drafted);
        status.completed(paperId, identity.stage(), LiteratureDrafting.summary(drafted));
    }
}
