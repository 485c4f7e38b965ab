package dev.paperorchestra.reviewer.fanout;

import dev.paperorchestra.reviewer.review.ReviewService;
import dev.paperorchestra.runtime.kafka.PaperStatusPublisher;
import dev.paperorchestra.runtime.streams.PaperAggregation;
import dev.paperorchestra.runtime.streams.Step;
import dev.paperorchestra.schemas.PanelMemberReviewedEvent;
import dev.paperorchestra.schemas.ReviewCompletedEvent;
import dev.paperorchestra.schemas.StageState;
import dev.paperorchestra.schemas.state.PanelCollectionState;
import dev.paperorchestra.schemas.topics.Topics;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import org.apache.avro.specific.SpecificRecord;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Gathers the panel members' outcomes for the version under review, one per seat (a redelivered duplicate changes
 * nothing). When every seat has an outcome and at least the quorum reviewed, it emits the panel's review on
 * review-results, the same event a single reviewer answers with, so the refine loop is unchanged; the members
 * that failed past their retries are named in it. Below the quorum the paper fails with every member's reason.
 * The completed state is kept until the next version's first outcome, so a late duplicate is recognised.
 */
public final class PanelGatherer implements PaperAggregation<PanelCollectionState> {

    private static final Logger log = LoggerFactory.getLogger(PanelGatherer.class);

    private final ReviewService reviews;
    private final String agent;
    private final String stage;
    private final Clock clock;

    public PanelGatherer(ReviewService reviews, String agent, String stage, Clock clock) {
        this.reviews = reviews;
        this.agent = agent;
        this.stage = stage;
        this.clock = clock;
    }

    @Override
    public Step<PanelCollectionState> apply(@Nullable PanelCollectionState state, SpecificRecord event) {
        if (!(event instanceof PanelMemberReviewedEvent outcome)) {
            throw new IllegalArgumentException("the panel gatherer reads member reviews only, not "
                    + event.getClass().getSimpleName());
        }
        String paperId = outcome.getPaperId();
        int iteration = outcome.getState().getIteration();
        int version = outcome.getState().getCandidate().getVersion();
        PanelCollectionState current = state;
        if (current != null && isEarlier(iteration, version, current)) {
            log.info("paper {}: member outcome for iteration {} version {} arrived after the panel moved on; "
                    + "ignored", paperId, iteration, version);
            return Step.keep(current);
        }
        if (current == null || current.getIteration() != iteration || current.getVersion() != version) {
            if (current != null && !current.getCompleted()) {
                log.warn("paper {}: panel of iteration {} version {} left with {} of {} outcomes; gathering "
                        + "iteration {} version {}", paperId, current.getIteration(), current.getVersion(),
                        current.getOutcomes().size(), current.getSeats(), iteration, version);
            }
            current = PanelCollectionState.newBuilder().setIteration(iteration).setVersion(version)
                    .setSeats(outcome.getSeats()).setOutcomes(List.of()).setCompleted(false).build();
        }
        boolean seen = current.getOutcomes().stream().anyMatch(o -> o.getSeat() == outcome.getSeat());
        if (seen || current.getCompleted()) {
            return Step.keep(current);
        }
        List<PanelMemberReviewedEvent> outcomes = new ArrayList<>(current.getOutcomes());
        outcomes.add(outcome);
        PanelCollectionState next = PanelCollectionState.newBuilder(current).setOutcomes(outcomes).build();
        if (outcomes.size() < next.getSeats()) {
            return Step.keep(next);
        }
        PanelCollectionState done = PanelCollectionState.newBuilder(next).setCompleted(true).build();
        List<PanelMemberReviewedEvent> failed = outcomes.stream().filter(o -> o.getReview() == null).toList();
        int reviewed = outcomes.size() - failed.size();
        if (reviewed < outcome.getQuorum()) {
            String reason = "only " + reviewed + " of " + next.getSeats() + " panel reviews of version " + version
                    + " arrived, the panel needs " + outcome.getQuorum() + " (po.reviewer.min-reviewers); "
                    + failed.stream().map(o -> o.getSeatName() + ": " + o.getFailure())
                            .collect(Collectors.joining("; "));
            log.error("paper {}: {}", paperId, reason);
            return Step.keep(done, Step.Output.of(Topics.PAPER_STATUS, paperId, PaperStatusPublisher.event(paperId,
                    stage, agent, StageState.FAILED, reason, clock.instant())));
        }
        ReviewCompletedEvent result = reviews.gathered(outcomes);
        log.info("paper {} version {} (iteration {}) reviewed by the panel: {} of {} members, overall {}, {}",
                paperId, version, iteration, reviewed, next.getSeats(), result.getScores().getOverall(),
                result.getScores().getDecision());
        List<Step.Output<?>> emitted = new ArrayList<>();
        emitted.add(Step.Output.of(Topics.REVIEW_RESULTS, paperId, result));
        if (!failed.isEmpty()) {
            emitted.add(Step.Output.of(Topics.PAPER_STATUS, paperId, PaperStatusPublisher.event(paperId, stage, agent,
                    StageState.NOTICE, "the panel proceeds with " + reviewed + " of " + next.getSeats()
                            + " reviewers; left out: " + failed.stream().map(PanelMemberReviewedEvent::getSeatName)
                            .collect(Collectors.joining(", ")), clock.instant())));
        }
        return Step.keep(done, emitted);
    }

    private static boolean isEarlier(int iteration, int version, PanelCollectionState current) {
        return iteration < current.getIteration()
                || iteration == current.getIteration() && version < current.getVersion();
    }
}
