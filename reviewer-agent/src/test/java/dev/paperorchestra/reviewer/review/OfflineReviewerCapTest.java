package dev.paperorchestra.reviewer.review;

import static org.assertj.core.api.Assertions.assertThat;

import dev.paperorchestra.reviewer.measure.PaperMeasurements;
import dev.paperorchestra.schemas.CompileStatus;
import java.util.List;
import org.junit.jupiter.api.Test;

class OfflineReviewerCapTest {

    @Test
    void a_form_only_review_never_rises_above_borderline() {
        int bestPossibleAxesSum = 7 * 4;

        assertThat(OfflineReviewer.overall(bestPossibleAxesSum, new PaperMeasurements(CompileStatus.COMPILED, "PDF 8 pages", 8, 8,
                List.of("a", "b"), List.of(), 4, 4, 0, List.of("Introduction", "Method"), List.of(), List.of(), true, 180,
                0, 0, List.of()))).isEqualTo(5);
    }
}
