package dev.paperorchestra.reviewer;

import dev.paperorchestra.reviewer.revision.RevisionRescore;
import dev.paperorchestra.runtime.kafka.EventPublisher;
import dev.paperorchestra.runtime.kafka.KafkaRuntimeProperties;
import dev.paperorchestra.runtime.kafka.ListenerFactories;
import dev.paperorchestra.runtime.kafka.PaperStatusPublisher;
import dev.paperorchestra.runtime.kafka.StageBudget;
import dev.paperorchestra.schemas.RevisionEditedEvent;
import dev.paperorchestra.schemas.RevisionScoredEvent;
import dev.paperorchestra.schemas.topics.Topics;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.kafka.annotation.KafkaListener;
import org.springframework.stereotype.Component;

/** Kafka wiring: a revised paper in, its re-score out, in the listener's transaction. */
@Component
class RevisionRescoreListener {

    private static final Logger log = LoggerFactory.getLogger(RevisionRescoreListener.class);

    private final RevisionRescore rescore;
    private final EventPublisher publisher;
    private final PaperStatusPublisher status;
    private final StageBudget budget;

    RevisionRescoreListener(RevisionRescore rescore, EventPublisher publisher, PaperStatusPublisher status,
            StageBudget budget) {
        this.rescore = rescore;
        this.publisher = publisher;
        this.status = status;
        this.budget = budget;
    }

    @KafkaListener(id = "reviewer-agent.revision-edits", groupId = "reviewer-agent-revisions",
            containerFactory = ListenerFactories.ONE_RECORD,
            topics = Topics.Names.REVISION_EDITS,
            concurrency = "#{@'" + KafkaRuntimeProperties.BEAN + "'.revisionConcurrency()}")
    void onRevisionEdited(RevisionEditedEvent edited) {
        String paperId = edited.getRequest().getPaperId();
        RevisionScoredEvent scored = budget.run(paperId, () -> rescore.rescore(edited));
        publisher.publish(Topics.REVISION_SCORES, paperId, scored);
        status.notice(paperId, "revision", "re-scored (" + scored.getMethod() + "): submitted "
                + scored.getSubmittedScore() + ", revised " + scored.getRevisedScore());
        log.info("paper {} revision re-scored: {} -> {}", paperId, scored.getSubmittedScore(),
                scored.getRevisedScore());
    }
}
