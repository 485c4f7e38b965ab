package dev.paperorchestra.reviewer;

import dev.paperorchestra.reviewer.review.ReviewService;
import dev.paperorchestra.runtime.kafka.EventPublisher;
import dev.paperorchestra.runtime.kafka.StageBudget;
import dev.paperorchestra.schemas.PanelMemberReviewedEvent;
import dev.paperorchestra.schemas.PanelReviewRequestedEvent;
import dev.paperorchestra.schemas.topics.Topics;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.annotation.Conditional;
import org.springframework.kafka.annotation.KafkaListener;
import org.springframework.stereotype.Component;

/**
 * Kafka wiring of one panel member: its share of a review request in, its review out, in the listener's
 * transaction. A failure is redelivered like any record's; past the attempts the container's recoverer
 * ({@code PanelMemberDeadLetters}) dead-letters the record and reports the member failed, so the panel goes on.
 */
@Component
@Conditional(PanelConfigured.class)
class PanelMemberListener {

    static final String CONTAINER_FACTORY = "panelMemberListenerContainerFactory";

    private static final Logger log = LoggerFactory.getLogger(PanelMemberListener.class);

    private final ReviewService reviews;
    private final EventPublisher publisher;
    private final StageBudget budget;

    PanelMemberListener(ReviewService reviews, EventPublisher publisher, StageBudget budget) {
        this.reviews = reviews;
        this.publisher = publisher;
        this.budget = budget;
    }

    // one member's review takes minutes: one record per poll (the factory), bounded by the stage budget
    @KafkaListener(id = "reviewer-agent.panel-review-requests", groupId = "reviewer-panel-members",
            containerFactory = CONTAINER_FACTORY, topics = Topics.Names.PANEL_REVIEW_REQUESTS)
    void onMemberRequested(PanelReviewRequestedEvent request) {
        String paperId = request.getPaperId();
        PanelMemberReviewedEvent outcome = budget.run(paperId, () -> reviews.reviewSeat(request));
        publisher.publish(Topics.PANEL_MEMBER_REVIEWS, paperId, outcome);
        log.info("paper {} version {}: {} reviewed", paperId, request.getState().getCandidate().getVersion(),
                request.getSeatName());
    }
}
