package dev.paperorchestra.literature;

import dev.paperorchestra.literature.collect.LiteratureDrafting;
import dev.paperorchestra.runtime.AgentIdentity;
import dev.paperorchestra.runtime.kafka.EventPublisher;
import dev.paperorchestra.runtime.kafka.ListenerFactories;
import dev.paperorchestra.runtime.kafka.PaperStatusPublisher;
import dev.paperorchestra.runtime.kafka.StageBudget;
import dev.paperorchestra.schemas.LiteratureDraftRequestedEvent;
import dev.paperorchestra.schemas.LiteratureDraftedEvent;
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
            topics = "#{T(dev.paperorchestra.schemas.topics.Topics).LITERATURE_DRAFT_REQUESTS.name()}")
    void onDraftRequested(LiteratureDraftRequestedEvent request) {
        String paperId = request.getContext().getPaperId();
        LiteratureDraftedEvent drafted = budget.run(paperId, () -> drafting.draft(request));
        publisher.publish(paperId, drafted);
        status.completed(paperId, identity.stage(), LiteratureDrafting.summary(drafted));
    }
}
