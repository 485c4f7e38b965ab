package dev.paperorchestra.reviewer;

import dev.paperorchestra.reviewer.review.ReviewService;
import dev.paperorchestra.runtime.AgentIdentity;
import dev.paperorchestra.runtime.kafka.EventPublisher;
import dev.paperorchestra.runtime.kafka.ListenerFactories;
import dev.paperorchestra.runtime.kafka.PaperKeys;
import dev.paperorchestra.runtime.kafka.PaperStatusPublisher;
import dev.paperorchestra.runtime.kafka.StageBudget;
import dev.paperorchestra.schemas.PanelReviewRequestedEvent;
import dev.paperorchestra.schemas.ReviewCompletedEvent;
import dev.paperorchestra.schemas.ReviewRequestedEvent;
import dev.paperorchestra.schemas.topics.Topics;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.kafka.annotation.KafkaListener;
import org.springframework.stereotype.Component;

/**
 * Kafka wiring: one review request in, one review result out, in the listener's transaction; a model panel of two
 * or more seats instead fans the request out to one record per seat (panel-review-requests), gathered into the
 * review result by the panel gatherer.
 */
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
        if (reviews.fansOut(request)) {
            var seats = reviews.fanOut(request);
            for (PanelReviewRequestedEvent seat : seats) {
                publisher.publish(Topics.PANEL_REVIEW_REQUESTS, PaperKeys.taskKey(paperId, "seat-" + seat.getSeat()),
                        seat);
            }
            status.notice(paperId, identity.stage(), "version " + version + " (iteration " + iteration
                    + ") sent to the panel's " + seats.size() + " reviewers");
            log.info("paper {} version {} (iteration {}) fanned out to {} panel members", paperId, version, iteration,
                    seats.size());
            return;
        }
        status.notice(paperId, identity.stage(), "reviewing version " + version + " (iteration " + iteration + ")");
        ReviewCompletedEvent result = budget.run(paperId, () -> reviews.review(request));
        publisher.publish(Topics.REVIEW_RESULTS, paperId, result);
        log.info("paper {} version {} (iteration {}) reviewed: overall {}, {}; review blob {}", paperId, version,
                iteration, result.getScores().getOverall(), result.getScores().getDecision(),
                result.getReview().getSha256());
    }
}
