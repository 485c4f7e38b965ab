package dev.paperorchestra.literature;

import dev.paperorchestra.literature.plan.DiscoveryPlanner;
import dev.paperorchestra.runtime.AgentIdentity;
import dev.paperorchestra.runtime.kafka.EventPublisher;
import dev.paperorchestra.runtime.kafka.ListenerFactories;
import dev.paperorchestra.runtime.kafka.PaperStatusPublisher;
import dev.paperorchestra.schemas.LiteratureSearchTaskCreatedEvent;
import dev.paperorchestra.schemas.OutlineCreatedEvent;
import dev.paperorchestra.schemas.topics.Topics;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.kafka.annotation.KafkaListener;
import org.springframework.stereotype.Component;

/** paper-outlines -> literature-search-tasks: the planner fans a paper's queries out to the workers. */
@Component
class DiscoveryPlanningListener {

    private static final Logger log = LoggerFactory.getLogger(DiscoveryPlanningListener.class);

    private final DiscoveryPlanner planner;
    private final EventPublisher publisher;
    private final PaperStatusPublisher status;
    private final AgentIdentity identity;

    DiscoveryPlanningListener(DiscoveryPlanner planner, EventPublisher publisher, PaperStatusPublisher status,
            AgentIdentity identity) {
        this.planner = planner;
        this.publisher = publisher;
        this.status = status;
        this.identity = identity;
    }

    @KafkaListener(id = "literature-agent.paper-outlines", groupId = "literature-planner",
            containerFactory = ListenerFactories.ONE_RECORD,
            topics = Topics.Names.PAPER_OUTLINES)
    void onOutline(OutlineCreatedEvent event) {
        String paperId = event.getContext().getPaperId();
        List<LiteratureSearchTaskCreatedEvent> tasks = planner.plan(event.getContext());
        status.started(paperId, identity.stage(), tasks.size() + " discovery queries");
        // spread over the partitions so the paper's searches run side by side, not queued behind hash collisions
        for (int i = 0; i < tasks.size(); i++) {
            publisher.publishSpread(Topics.LITERATURE_SEARCH_TASKS, tasks.get(i).getTaskId(), tasks.get(i), paperId, i);
        }
        log.info("paper {}: {} discovery tasks sent", paperId, tasks.size());
    }
}
