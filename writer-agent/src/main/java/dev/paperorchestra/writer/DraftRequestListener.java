package dev.paperorchestra.writer;

import dev.paperorchestra.runtime.kafka.EventPublisher;
import dev.paperorchestra.runtime.kafka.ListenerFactories;
import dev.paperorchestra.runtime.kafka.PaperStatusPublisher;
import dev.paperorchestra.runtime.kafka.StageBudget;
import dev.paperorchestra.schemas.DraftRequestedEvent;
import dev.paperorchestra.schemas.topics.Topics;
import dev.paperorchestra.writer.join.DraftResult;
import dev.paperorchestra.writer.join.Drafter;
import org.springframework.kafka.annotation.KafkaListener;
import org.springframework.stereotype.Component;

/**
 * draft-requests -> paper-drafts: writes, compiles and repairs one paper within the stage budget, then
 * publishes the draft and its status events in the listener's transaction.
 */
@Component
class DraftRequestListener {

    static final String ID = "writer-agent.draft-requests";

    private final Drafter drafter;
    private final StageBudget budget;
    private final EventPublisher publisher;
    private final PaperStatusPublisher status;

    DraftRequestListener(Drafter drafter, StageBudget budget, EventPublisher publisher, PaperStatusPublisher status) {
        this.drafter = drafter;
        this.budget = budget;
        this.publisher = publisher;
        this.status = status;
    }

    @KafkaListener(id = ID, groupId = ID, containerFactory = ListenerFactories.ONE_RECORD,
            topics = Topics.Names.DRAFT_REQUESTS)
    void onDraftRequested(DraftRequestedEvent request) {
        String paperId = request.getLiterature().getContext().getPaperId();
        DraftResult result = budget.run(paperId, () -> drafter.draft(request.getLiterature(), request.getFigures()));
        publisher.publish(Topics.PAPER_DRAFTS, paperId, result.draft());
        result.statuses().forEach(status::publish);
    }
}
