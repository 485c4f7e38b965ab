package dev.paperorchestra.content.integrity;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class PageFillGateTest {

    @Test
    void a_main_text_past_the_limit_fails_whatever_the_floor() {
        assertThat(PageFillGate.check(9, 8, 0).messages()).singleElement().asString()
                .isEqualTo("the main text runs 9 pages, past the limit of 8");
    }

    @Test
    void a_main_text_below_the_floor_fails_and_one_filling_it_passes() {
        assertThat(PageFillGate.check(3, 8, 0.85).messages()).singleElement().asString()
                .contains("runs 3 pages", "at least 85% of it (7 pages)");
        assertThat(PageFillGate.check(7, 8, 0.85).passed()).isTrue();
        assertThat(PageFillGate.check(8, 8, 0.85).passed()).isTrue();
    }

    @Test
    void without_a_floor_a_short_paper_passes_and_without_a_pdf_nothing_is_checked() {
        assertThat(PageFillGate.check(3, 8, 0).passed()).isTrue();
        GateResult unmeasured = PageFillGate.check(null, 8, 0.85);
        assertThat(unmeasured.passed()).isTrue();
        assertThat(unmeasured.checked()).isZero();
    }
}
