package dev.paperorchestra.reviewer.fanout;

import static org.assertj.core.api.Assertions.assertThat;

import dev.paperorchestra.reviewer.PaperFixtures;
import dev.paperorchestra.reviewer.ScriptedReviewerGateway;
import dev.paperorchestra.reviewer.review.ModelReviewer;
import dev.paperorchestra.reviewer.review.OfflineReviewer;
import dev.paperorchestra.reviewer.review.ReviewFormat;
import dev.paperorchestra.reviewer.review.ReviewPageImages;
import dev.paperorchestra.reviewer.review.ReviewService;
import dev.paperorchestra.reviewer.rubric.Rubric;
import dev.paperorchestra.runtime.blob.LocalBlobStore;
import dev.paperorchestra.base.json.Json;
import dev.paperorchestra.runtime.streams.Step;
import dev.paperorchestra.schemas.LlmMode;
import dev.paperorchestra.schemas.PanelMemberReviewedEvent;
import dev.paperorchestra.schemas.PanelReviewRequestedEvent;
import dev.paperorchestra.schemas.PaperStatusChangedEvent;
import dev.paperorchestra.schemas.PaperVersion;
import dev.paperorchestra.schemas.RefinementState;
import dev.paperorchestra.schemas.ReviewCompletedEvent;
import dev.paperorchestra.schemas.ReviewRequestedEvent;
import dev.paperorchestra.schemas.StageState;
import dev.paperorchestra.schemas.state.PanelCollectionState;
import dev.paperorchestra.schemas.topics.Topics;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/** The panel gatherer's decisions without a broker: one outcome per seat, the quorum, late and stale outcomes. */
class PanelGathererTest {

    @TempDir
    Path blobRoot;

    private LocalBlobStore blobs;
    private ReviewService reviews;
    private PanelGatherer gatherer;

    private ReviewRequestedEvent setUp(int panelSize, String... answers) {
        blobs = new LocalBlobStore(blobRoot);
        // the default quorum: more than half of the seats
        List<ModelReviewer.Seat> seats = ModelReviewer.sameModelSeats(new ScriptedReviewerGateway(List.of(answers)),
                new ModelReviewer.Settings(ReviewFormat.CONFERENCE, 0.75, panelSize, 0.2));
        reviews = new ReviewService(blobs, new OfflineReviewer(), new ModelReviewer("reviewer-agent",
                ReviewFormat.CONFERENCE, Rubric.load("v1"), seats, panelSize / 2 + 1, 2, new ReviewPageImages(0, 72)),
                ReviewFormat.CONFERENCE);
        gatherer = new PanelGatherer(reviews, "reviewer-agent", "review",
                Clock.fixed(Instant.parse("2025-01-10T10:00:00Z"), ZoneOffset.UTC));
        return PaperFixtures.request(PaperFixtures.draft(blobs, "paper-g", LlmMode.MODEL));
    }

    private static @Nullable PanelCollectionState apply(PanelGatherer gatherer, @Nullable PanelCollectionState state,
            PanelMemberReviewedEvent outcome, List<Step.Output<?>> outputs) {
        Step<PanelCollectionState> step = gatherer.apply(state, outcome);
        outputs.addAll(step.outputs());
        return step.nextState();
    }

    @Test
    void emits_one_review_result_when_every_seat_has_an_outcome_and_names_the_failed_member() {
        ReviewRequestedEvent request = setUp(3, ScriptedReviewerGateway.conference(6, 3),
                ScriptedReviewerGateway.conference(4, 2));
        List<PanelReviewRequestedEvent> seats = reviews.fanOut(request);
        PanelMemberReviewedEvent first = reviews.reviewSeat(seats.get(0));
        PanelMemberReviewedEvent second = reviews.reviewSeat(seats.get(1));
        PanelMemberReviewedEvent failed = ReviewService.memberFailed(seats.get(2), "HTTP 503 after 5 attempts");
        List<Step.Output<?>> outputs = new java.util.ArrayList<>();

        PanelCollectionState state = apply(gatherer, null, second, outputs);
        state = apply(gatherer, state, second, outputs);
        state = apply(gatherer, state, failed, outputs);
        assertThat(outputs).as("no result before every seat has an outcome, a duplicate counted once").isEmpty();
        state = apply(gatherer, state, first, outputs);

        assertThat(outputs).extracting(output -> output.topic().name())
                .containsExactly(Topics.REVIEW_RESULTS.name(), Topics.PAPER_STATUS.name());
        ReviewCompletedEvent result = (ReviewCompletedEvent) outputs.get(0).event();
        assertThat(result.getState()).isEqualTo(request.getState());
        JsonNode review = Json.mapper().readTree(blobs.getText(result.getReview()));
        assertThat(review.at("/Members/0/Seat").asString()).isEqualTo("reviewer 1 of 3");
        assertThat(review.at("/Absent/0/Reason").asString()).isEqualTo("HTTP 503 after 5 attempts");
        assertThat(((PaperStatusChangedEvent) outputs.get(1).event()).getMessage())
                .contains("proceeds with 2 of 3", "reviewer 3 of 3");

        // a late duplicate of the gathered version changes nothing
        outputs.clear();
        assertThat(apply(gatherer, state, first, outputs)).isEqualTo(state);
        assertThat(outputs).isEmpty();
    }

    @Test
    void below_the_quorum_the_paper_fails_with_every_members_reason() {
        ReviewRequestedEvent request = setUp(3, ScriptedReviewerGateway.conference(6, 3));
        List<PanelReviewRequestedEvent> seats = reviews.fanOut(request);
        List<Step.Output<?>> outputs = new java.util.ArrayList<>();

        PanelCollectionState state = apply(gatherer, null, reviews.reviewSeat(seats.get(0)), outputs);
        state = apply(gatherer, state, ReviewService.memberFailed(seats.get(1), "HTTP 429"), outputs);
        apply(gatherer, state, ReviewService.memberFailed(seats.get(2), "HTTP 500"), outputs);

        assertThat(outputs).singleElement().satisfies(output -> {
            PaperStatusChangedEvent status = (PaperStatusChangedEvent) output.event();
            assertThat(status.getState()).isEqualTo(StageState.FAILED);
            assertThat(status.getMessage()).contains("only 1 of 3", "needs 2", "HTTP 429", "HTTP 500");
        });
    }

    @Test
    void an_outcome_of_an_earlier_version_arriving_late_is_ignored_and_a_later_version_starts_afresh() {
        ReviewRequestedEvent request = setUp(2);
        List<PanelReviewRequestedEvent> seats = reviews.fanOut(request);
        PanelReviewRequestedEvent nextSeat = PanelReviewRequestedEvent.newBuilder(seats.get(0))
                .setState(RefinementState.newBuilder(request.getState()).setIteration(1)
                        .setCandidate(PaperVersion.newBuilder(request.getState().getCandidate()).setVersion(1).build())
                        .build()).build();
        List<Step.Output<?>> outputs = new java.util.ArrayList<>();

        PanelCollectionState state = apply(gatherer, null, ReviewService.memberFailed(nextSeat, "x"), outputs);
        PanelCollectionState after = apply(gatherer, state, ReviewService.memberFailed(seats.get(1), "y"), outputs);

        assertThat(after).isEqualTo(state);
        assertThat(state.getIteration()).isEqualTo(1);
        assertThat(state.getOutcomes()).hasSize(1);
        assertThat(outputs).isEmpty();
    }
}
