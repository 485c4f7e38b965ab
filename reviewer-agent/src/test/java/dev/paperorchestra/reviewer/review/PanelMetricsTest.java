package dev.paperorchestra.reviewer.review;

import static dev.paperorchestra.reviewer.ScriptedReviewerGateway.FAIL;
import static dev.paperorchestra.reviewer.ScriptedReviewerGateway.conference;
import static dev.paperorchestra.reviewer.ScriptedReviewerGateway.rubric;
import static org.assertj.core.api.Assertions.assertThat;

import dev.paperorchestra.reviewer.ScriptedReviewerGateway;
import dev.paperorchestra.reviewer.panel.ReviewerFocus;
import dev.paperorchestra.reviewer.rubric.Rubric;
import dev.paperorchestra.schemas.CompileReport;
import dev.paperorchestra.schemas.CompileStatus;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class PanelMetricsTest {

    @Test
    void records_spread_per_criterion_pairwise_agreement_single_decisions_and_absent_seats() {
        SimpleMeterRegistry registry = new SimpleMeterRegistry();
        ModelReviewer panel = new ModelReviewer("reviewer-agent", ReviewFormat.CONFERENCE, Rubric.load("v1"),
                List.of(new ModelReviewer.Seat("a", new ScriptedReviewerGateway(List.of(conference(6, 3,
                                rubric(3, Map.of("clarity", 1))))), ReviewerFocus.GENERAL, 0.75),
                        new ModelReviewer.Seat("b", new ScriptedReviewerGateway(List.of(conference(4, 3,
                                rubric(3, Map.of("clarity", 4))))), ReviewerFocus.GENERAL, 0.75),
                        new ModelReviewer.Seat("c", new ScriptedReviewerGateway(List.of(FAIL)), ReviewerFocus.GENERAL,
                                0.75)), 2, 2, new ReviewPageImages(0, 50));
        Review review = panel.review(new ReviewInput("paper-1", 0, 0, "x", CompileReport.newBuilder()
                .setStatus(CompileStatus.COMPILED).setMessage("ok").build(), List.of(), null, Set.of(), null));

        new PanelMetrics(registry).reviewed(review);

        assertThat(registry.get(PanelMetrics.SPREAD).tag("criterion", "clarity").summary().max()).isEqualTo(3.0);
        assertThat(registry.get(PanelMetrics.SPREAD).tag("criterion", "soundness").summary().max()).isZero();
        assertThat(registry.get(PanelMetrics.WITHIN_ONE).summary().totalAmount()).isEqualTo(5.0 / 6);
        assertThat(registry.get(PanelMetrics.ABSENT).counter().count()).isEqualTo(1.0);
        // a 6 accepts and a 4 rejects: a tie, which the panel rejects; one member's decision matches it
        assertThat(registry.get(PanelMetrics.SINGLE_DECISIONS).tag("matches", "true").counter().count())
                .isEqualTo(1.0);
        assertThat(registry.get(PanelMetrics.SINGLE_DECISIONS).tag("matches", "false").counter().count())
                .isEqualTo(1.0);
    }
}
