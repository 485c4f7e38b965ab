package dev.paperorchestra.reviewer;

import dev.paperorchestra.reviewer.review.ReviewService;
import dev.paperorchestra.runtime.AgentIdentity;
import dev.paperorchestra.runtime.kafka.EventPublisher;
import dev.paperorchestra.runtime.kafka.ListenerFactories;
import dev.paperorchestra.runtime.kafka.PaperStatusPublisher;
import dev.paperorchestra.runtime.kafka.StageBudget;
import dev.paperorchestra.schemas.ReviewCompletedEvent;
import dev.paperorchestra.schemas.ReviewRequestedEvent;
import dev.paperorchestra.schemas.topics.Topics;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.kafka.annotation.KafkaListener;
import org.springframework.stereotype.Component;

/** Kafka wiring: one review request in, one review result out, in the listener's transaction. */
@Component
class ReviewListener {

    private static final Logger log = LoggerFactory.getLogger(ReviewListener.class);

    private final ReviewService reviews;
    private final EventPublisher publisher;
    private final PaperStatusPublisher status;
    private final AgentIdentity identity;
    private final StageBudget budget;

    ReviewListener(ReviewService reviews, EventPublisher publisher, PaperStatusPublisher status,
            AgentIdentity identity, StageBudget budget) {
        this.reviews = reviews;
        this.budget = budget;
        this.publisher = publisher;
        this.status = status;
        this.identity = identity;
    }

    // a model review takes minutes: one record per poll; the stage budget bounds it and sets the poll interval
    @KafkaListener(id = "reviewer-agent.review-requests", groupId = "reviewer-agent",
            containerFactory = ListenerFactories.ONE_RECORD,
            topics = Topics.Names.REVIEW_REQUESTS)
    void onReviewRequested(ReviewRequestedEvent request) {
        String paperId = request.getPaperId();
        int iteration = request.getState().getIteration();
        int version = request.getState().getCandidate().getVersion();
        status.notice(paperId, identity.stage(), "reviewing version " + version + " (iteration " + iteration + ")");
        ReviewCompletedEvent result = budget.run(paperId, () -> reviews.review(request));
        publisher.publish(Topics.REVIEW_RESULTS, paperId, result);
        log.info("paper {} version {} (iteration {}) reviewed: overall {}, {}; review blob {}", paperId, version,
                iteration, result.getScores().getOverall(), result.getScores().getDecision(),
                result.getReview().getSha256());
    }
}
