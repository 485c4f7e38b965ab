package dev.paperorchestra.reviewer;

import static org.assertj.core.api.Assertions.assertThat;

import dev.paperorchestra.reviewer.review.ReviewFormat;
import dev.paperorchestra.runtime.kafka.StageAllowance;
import dev.paperorchestra.runtime.kafka.StageBudget;
import dev.paperorchestra.gateway.LlmProperties;
import dev.paperorchestra.gateway.LlmProperties.ProviderKind;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

class ReviewerConfigurationTest {

    private static final LlmProperties LLM = LlmProperties.defaults(ProviderKind.OPENAI, null, null);
    private static final Duration ONE_REQUEST = StageBudget.modelRequest(LLM.timeout(), LLM.retry().maxAttempts(),
            LLM.retry().maxBackoff());

    @Test
    void the_stage_budget_allows_every_seat_of_a_panel_its_model_request() {
        StageAllowance allowance = new ReviewerConfiguration().panelSeats(ReviewerAgentProperties.sameModel(
                ReviewFormat.CONFERENCE, 0.75, 3, 0.2, 8, 110), LLM);

        assertThat(allowance.time()).isEqualTo(ONE_REQUEST.multipliedBy(2));
        assertThat(allowance.what()).contains("other 2 model request(s)");
        // with the runtime's one model request, the budget covers all three reviews of the panel
        assertThat(StageBudget.of(null, ONE_REQUEST, List.of(allowance), "review").budget())
                .isEqualTo(ONE_REQUEST.multipliedBy(3));
    }

    @Test
    void a_single_reviewer_adds_nothing_to_the_budget() {
        assertThat(new ReviewerConfiguration().panelSeats(ReviewerAgentProperties.sameModel(ReviewFormat.CONFERENCE, 0.75, 1,
                0.2, 8, 110), LLM).time()).isZero();
    }

    @Test
    void the_stage_budget_allows_every_page_chunk_of_a_long_draft_its_model_request() {
        ReviewerAgentProperties chunked = new ReviewerAgentProperties(ReviewFormat.CONFERENCE, 0.75, 1, 0.2, 8, 110,
                List.of(), null, "v1", 2, 4, 3);
        ReviewerAgentProperties whole = new ReviewerAgentProperties(ReviewFormat.CONFERENCE, 0.75, 1, 0.2, 8, 110,
                List.of(), null, "v1", 2, 0, 3);

        assertThat(new ReviewerConfiguration().chunkedReading(chunked, LLM).time())
                .isEqualTo(ONE_REQUEST.multipliedBy(2));
        assertThat(new ReviewerConfiguration().chunkedReading(whole, LLM).time()).isZero();
    }

    @Test
    void by_default_a_long_draft_is_read_in_chunks_of_the_pages_one_request_carries_images_of() {
        ReviewerAgentProperties byDefault = ReviewerAgentProperties.sameModel(ReviewFormat.CONFERENCE, 0.75, 1, 0.2,
                8, 110);
        ReviewerAgentProperties withoutImages = ReviewerAgentProperties.sameModel(ReviewFormat.CONFERENCE, 0.75, 1,
                0.2, 0, 110);

        assertThat(byDefault.pagesPerChunk()).isEqualTo(8);
        assertThat(withoutImages.pagesPerChunk()).isEqualTo(8);
        assertThat(ReviewerAgentProperties.sameModel(ReviewFormat.CONFERENCE, 0.75, 1, 0.2, 5, 110).pagesPerChunk())
                .isEqualTo(5);
        // chunked reading is on, so the stage budget allows the other chunks (up to max-chunks) their requests
        assertThat(new ReviewerConfiguration().chunkedReading(byDefault, LLM).time())
                .isEqualTo(ONE_REQUEST.multipliedBy(3));
    }
}
