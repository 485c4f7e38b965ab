package dev.paperorchestra.reviewer.review;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.paperorchestra.reviewer.PaperFixtures;
import dev.paperorchestra.reviewer.ScriptedReviewerGateway;
import dev.paperorchestra.runtime.blob.LocalBlobStore;
import dev.paperorchestra.base.errors.PermanentException;
import dev.paperorchestra.base.json.Json;
import dev.paperorchestra.gateway.ModelMode;
import dev.paperorchestra.gateway.UnconfiguredLlmGateway;
import dev.paperorchestra.schemas.LlmMode;
import dev.paperorchestra.schemas.ReviewCompletedEvent;
import dev.paperorchestra.schemas.ReviewRequestedEvent;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

class ReviewServiceTest {

    @TempDir
    Path blobRoot;

    private ReviewService service(LocalBlobStore blobs) {
        return new ReviewService(blobs, new OfflineReviewer(), new ModelReviewer(new UnconfiguredLlmGateway(),
                "reviewer-agent", new ModelReviewer.Settings(ReviewFormat.CONFERENCE, 0.75, 1, 0.2),
                new ReviewPageImages(0, 72)), ReviewFormat.CONFERENCE);
    }

    @Test
    void stores_the_review_and_echoes_the_loop_state() {
        LocalBlobStore blobs = new LocalBlobStore(blobRoot);
        ReviewRequestedEvent request = PaperFixtures.request(PaperFixtures.draft(blobs, "paper-1", LlmMode.OFFLINE));

        ReviewCompletedEvent result = service(blobs).review(request);

        assertThat(result.getPaperId()).isEqualTo("paper-1");
        assertThat(result.getState()).isEqualTo(request.getState());
        JsonNode stored = Json.mapper().readTree(blobs.getText(result.getReview()));
        assertThat(stored.get("GeneratedBy").stringValue()).isEqualTo(ModelMode.OFFLINE_LABEL);
        assertThat(result.getScores().getOverall()).isEqualTo(stored.get("Overall").asDouble());
        assertThat(result.getScores().getSubScores()).hasSize(7);
        assertThat(stored.get("Format").asString()).isEqualTo(ReviewService.OFFLINE_FORMAT);
    }

    @Test
    void saves_the_scores_the_event_carries_beside_the_format_fields() {
        LocalBlobStore blobs = new LocalBlobStore(blobRoot);
        ReviewRequestedEvent request = PaperFixtures.request(PaperFixtures.draft(blobs, "paper-1", LlmMode.MODEL));
        ScriptedReviewerGateway gateway = new ScriptedReviewerGateway(List.of(
                ScriptedReviewerGateway.conference(6, 3), ScriptedReviewerGateway.conference(4, 2),
                ScriptedReviewerGateway.conference(7, 3)));
        ReviewService panel = new ReviewService(blobs, new OfflineReviewer(), new ModelReviewer(gateway,
                "reviewer-agent", new ModelReviewer.Settings(ReviewFormat.CONFERENCE, 0.75, 3, 0.2),
                new ReviewPageImages(0, 72)), ReviewFormat.CONFERENCE);

        ReviewCompletedEvent result = panel.review(request);

        JsonNode stored = Json.mapper().readTree(blobs.getText(result.getReview()));
        assertThat(stored.get("Format").asString()).isEqualTo("conference");
        assertThat(stored.at("/scores/overall").asDouble()).isEqualTo(result.getScores().getOverall()).isEqualTo(6.0);
        assertThat(stored.at("/scores/subScores/Clarity").asDouble()).isEqualTo(3.0);
        assertThat(stored.at("/scores/decision").asString()).isEqualTo(result.getScores().getDecision());
        assertThat(stored.at("/Aggregation/members").asInt()).isEqualTo(3);
    }

    @Test
    void takes_the_page_limit_from_the_guidelines_when_the_job_has_none() {
        LocalBlobStore blobs = new LocalBlobStore(blobRoot);
        ReviewRequestedEvent request = PaperFixtures.request(PaperFixtures.draft(blobs, "paper-1", LlmMode.OFFLINE));

        assertThat(service(blobs).inputOf(request).pageLimit()).isEqualTo(8);
    }

    @Test
    void model_mode_goes_through_the_gateway_and_fails_without_a_provider() {
        LocalBlobStore blobs = new LocalBlobStore(blobRoot);
        ReviewRequestedEvent request = PaperFixtures.request(PaperFixtures.draft(blobs, "paper-1", LlmMode.MODEL));

        assertThatThrownBy(() -> service(blobs).review(request)).isInstanceOf(PermanentException.class)
                .hasMessageContaining("role reviewer");
    }
}
