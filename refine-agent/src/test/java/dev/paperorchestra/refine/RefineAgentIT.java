package dev.paperorchestra.refine;

import static dev.paperorchestra.refine.DraftFixtures.scores;
import static org.assertj.core.api.Assertions.assertThat;

import dev.paperorchestra.runtime.blob.BlobStore;
import dev.paperorchestra.runtime.blob.MediaTypes;
import dev.paperorchestra.runtime.testing.KafkaTestSupport;
import dev.paperorchestra.schemas.LlmMode;
import dev.paperorchestra.schemas.NamedArtifact;
import dev.paperorchestra.schemas.PaperCompletedEvent;
import dev.paperorchestra.schemas.PaperDraftedEvent;
import dev.paperorchestra.schemas.PaperStatusChangedEvent;
import dev.paperorchestra.schemas.ReviewCompletedEvent;
import dev.paperorchestra.schemas.ReviewRequestedEvent;
import dev.paperorchestra.schemas.ReviewScores;
import dev.paperorchestra.schemas.StageState;
import dev.paperorchestra.schemas.topics.Topics;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.kafka.test.context.EmbeddedKafka;

/** The real loop on a real broker, with the test playing the reviewer. */
@SpringBootTest(classes = RefineAgentApplication.class, webEnvironment = SpringBootTest.WebEnvironment.NONE,
        properties = {"spring.application.name=refine-agent",
                "po.kafka.bootstrap-servers=${spring.embedded.kafka.brokers}",
                "po.blob.root=target/it-blobs", "po.kafka.streams-state-dir=target/it-streams"})
@EmbeddedKafka(partitions = 1)
class RefineAgentIT {

    private static final Duration TIMEOUT = Duration.ofSeconds(60);

    @Value("${spring.embedded.kafka.brokers}")
    String brokers;

    @Autowired
    BlobStore blobs;

    private void review(KafkaTestSupport kafka, ReviewRequestedEvent request, ReviewScores scores) {
        String json = "{\"Overall\": " + scores.getOverall() + ", \"iteration\": "
                + request.getState().getIteration() + "}";
        kafka.send(Topics.REVIEW_RESULTS.name(), request.getPaperId(), ReviewCompletedEvent.newBuilder()
                .setPaperId(request.getPaperId()).setState(request.getState())
                .setReview(blobs.putText(json, MediaTypes.JSON)).setScores(scores).build());
    }

    @Test
    void a_lower_score_for_the_revision_completes_the_paper_with_the_draft() {
        String paperId = "paper-it-refine";
        PaperDraftedEvent draft = DraftFixtures.draft(blobs, paperId, LlmMode.OFFLINE, 3);
        try (KafkaTestSupport kafka = new KafkaTestSupport(brokers, List.of(Topics.REVIEW_REQUESTS.name(),
                Topics.PAPER_COMPLETED.name(), Topics.PAPER_STATUS.name()))) {
            kafka.send(Topics.PAPER_DRAFTS.name(), paperId, draft);
            ReviewRequestedEvent first = kafka.await(ReviewRequestedEvent.class,
                    request -> request.getPaperId().equals(paperId) && request.getState().getIteration() == 0, TIMEOUT);
            assertThat(first.getState().getCandidate()).isEqualTo(draft.getDraft());

            review(kafka, first, scores(6, 3));
            ReviewRequestedEvent second = kafka.await(ReviewRequestedEvent.class,
                    request -> request.getPaperId().equals(paperId) && request.getState().getIteration() == 1, TIMEOUT);
            assertThat(second.getState().getBest().getScores().getOverall()).isEqualTo(6.0);

            review(kafka, second, scores(5, 3));
            PaperCompletedEvent completed = kafka.await(PaperCompletedEvent.class,
                    event -> event.getContext().getPaperId().equals(paperId), TIMEOUT);

            assertThat(completed.getFinalVersion()).isZero();
            assertThat(completed.getIterations()).isEqualTo(1);
            assertThat(completed.getArtifacts()).extracting(NamedArtifact::getName)
                    .contains("paper.tex", "worklog.json", "summary.json", "reviews/iteration-0.json",
                            "reviews/iteration-1.json");
            PaperStatusChangedEvent status = kafka.await(PaperStatusChangedEvent.class,
                    event -> event.getPaperId().equals(paperId) && event.getState() == StageState.COMPLETED, TIMEOUT);
            assertThat(status.getStage()).isEqualTo("refine");
            assertThat(status.getMessage()).isEqualTo("kept version 0 after 1 iteration; overall 6");
        }
    }
}
