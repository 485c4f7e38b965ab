package dev.paperorchestra.literature;

import dev.paperorchestra.literature.collect.LiteratureDrafting;
import dev.paperorchestra.runtime.AgentIdentity;
import dev.paperorchestra.runtime.kafka.EventPublisher;
import dev.paperorchestra.runtime.kafka.ListenerFactories;
import dev.paperorchestra.runtime.kafka.PaperStatusPublisher;
import dev.paperorchestra.runtime.kafka.StageBudget;
import dev.paperorchestra.schemas.LiteratureDraftRequestedEvent;
import dev.paperorchestra.schemas.LiteratureReadyEvent;
import dev.paperorchestra.schemas.topics.Topics;
import org.springframework.kafka.annotation.KafkaListener;
import org.springframework.stereotype.Component;

/**
 * literature-draft-requests -> literature-ready: drafts introduction and related work of one paper within the
 * stage budget, and marks the literature stage completed in the same transaction.
 */
@Component
class LiteratureDraftRequestListener {

    static final String ID = "literature-agent.literature-draft-requests";

    private final LiteratureDrafting drafting;
    private final StageBudget budget;
    private final EventPublisher publisher;
    private final PaperStatusPublisher status;
    private final AgentIdentity identity;

    LiteratureDraftRequestListener(LiteratureDrafting drafting, StageBudget budget, EventPublisher publisher,
            PaperStatusPublisher status, AgentIdentity identity) {
        this.drafting = drafting;
        this.budget = budget;
        this.publisher = publisher;
        this.status = status;
        this.identity = identity;
    }

    @KafkaListener(id = ID, groupId = ID, containerFactory = ListenerFactories.ONE_RECORD,
            topics = Topics.Names.LITERATURE_DRAFT_REQUESTS)
    void onDraftRequested(LiteratureDraftRequestedEvent request) {
        String paperId = request.getContext().getPaperId();
        LiteratureReadyEvent drafted = budget.run(paperId, () -> drafting.draft(request));
        publisher.publish(Topics.LITERATURE_READY, paperId, drafted);
        status.completed(paperId, identity.stage(), LiteratureDrafting.summary(drafted));
    }
}
