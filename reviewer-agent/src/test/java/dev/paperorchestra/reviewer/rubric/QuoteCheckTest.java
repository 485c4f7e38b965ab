package dev.paperorchestra.reviewer.rubric;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class QuoteCheckTest {

    private static final QuoteCheck PAPER = new QuoteCheck("""
            \\section{Method}
            Our loss $\\mathcal{L}$ is \\emph{minimised} with Adam, as in
            \\cite{kingma2015}; the   depth prior
            improves RMSE by 12.4\\%.""");

    @Test
    void finds_a_span_quoted_from_the_rendered_page_across_markup_and_line_breaks() {
        assertThat(PAPER.found("is minimised with Adam")).isTrue();
        assertThat(PAPER.found("the depth prior improves RMSE by 12.4%")).isTrue();
    }

    @Test
    void does_not_find_a_paraphrase_or_a_span_too_short_to_identify() {
        assertThat(PAPER.found("the prior improves RMSE")).isFalse();
        assertThat(PAPER.found("Adam")).isFalse();
        assertThat(PAPER.found("")).isFalse();
    }
}
