package dev.paperorchestra.refine;

import dev.paperorchestra.refine.human.HumanRevision;
import dev.paperorchestra.refine.human.RevisionCompletion;
import dev.paperorchestra.runtime.kafka.EventPublisher;
import dev.paperorchestra.runtime.kafka.KafkaRuntimeProperties;
import dev.paperorchestra.runtime.kafka.ListenerFactories;
import dev.paperorchestra.runtime.kafka.PaperStatusPublisher;
import dev.paperorchestra.runtime.kafka.StageBudget;
import dev.paperorchestra.schemas.RevisionCompletedEvent;
import dev.paperorchestra.schemas.RevisionEditedEvent;
import dev.paperorchestra.schemas.RevisionRequestedEvent;
import dev.paperorchestra.schemas.RevisionScoredEvent;
import dev.paperorchestra.schemas.topics.Topics;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.kafka.annotation.KafkaListener;
import org.springframework.stereotype.Component;

/**
 * Kafka wiring of a revision from human reviews: a request is revised and sent for re-scoring, a re-score
 * completes it. Each step reads and writes in one transaction (redelivery, dead letters as every listener).
 */
@Component
class HumanRevisionListener {

    /** The stage of a revision's status changes on the paper's timeline. */
    static final String STAGE = "revision";

    private static final Logger log = LoggerFactory.getLogger(HumanRevisionListener.class);

    private final HumanRevision revision;
    private final EventPublisher publisher;
    private final PaperStatusPublisher status;
    private final StageBudget budget;

    HumanRevisionListener(HumanRevision revision, EventPublisher publisher, PaperStatusPublisher status,
            StageBudget budget) {
        this.revision = revision;
        this.publisher = publisher;
        this.status = status;
        this.budget = budget;
    }

    // two compiles and a latexdiff per revision: one record per poll, bounded by the stage budget
    @KafkaListener(id = "refine-agent.revision-requests", groupId = "refine-agent-revisions",
            containerFactory = ListenerFactories.ONE_RECORD,
            topics = Topics.Names.REVISION_REQUESTS,
            concurrency = "#{@'" + KafkaRuntimeProperties.BEAN + "'.revisionConcurrency()}")
    void onRevisionRequested(RevisionRequestedEvent request) {
        String paperId = request.getPaperId();
        status.started(paperId, STAGE, "revising from " + request.getReviews().size() + " review file(s)");
        RevisionEditedEvent edited = budget.run(paperId, () -> revision.revise(request));
        publisher.publish(Topics.REVISION_EDITS, paperId, edited);
        status.notice(paperId, STAGE, edited.getPoints().size() + " points decided; " + edited.getEditsKept()
                + " edits kept; sent for re-scoring");
        log.info("paper {} revised: {} points, {} edits kept", paperId, edited.getPoints().size(),
                edited.getEditsKept());
    }

    @KafkaListener(id = "refine-agent.revision-scores", groupId = "refine-agent-revision-scores",
            containerFactory = ListenerFactories.ONE_RECORD,
            topics = Topics.Names.REVISION_SCORES,
            concurrency = "#{@'" + KafkaRuntimeProperties.BEAN + "'.revisionConcurrency()}")
    void onRevisionScored(RevisionScoredEvent scored) {
        RevisionCompletedEvent completed = RevisionCompletion.complete(scored);
        String paperId = completed.getPaperId();
        publisher.publish(Topics.REVISION_COMPLETED, paperId, completed);
        status.completed(paperId, STAGE, RevisionCompletion.message(completed, scored.getEdited()));
        log.info("paper {} revision completed, passed {}", paperId, completed.getPassed());
    }
}
