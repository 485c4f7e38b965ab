package dev.paperorchestra.runtime.outline;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class CitationHintTest {

    @Test
    void the_introducing_form_keeps_an_apostrophe_inside_the_name() {
        CitationHint hint = CitationHint.parse("research paper or technical report introducing "
                + "'Callaway-Sant'Anna estimator'");

        assertThat(hint).isEqualTo(new CitationHint.Introducing("Callaway-Sant'Anna estimator", true));
    }

    @Test
    void the_author_title_form_searches_the_exact_title() {
        CitationHint hint = CitationHint.parse("He et al. (Deep Residual Learning (ResNet) for Image Recognition)");

        assertThat(hint.query()).isEqualTo("Deep Residual Learning (ResNet) for Image Recognition");
        assertThat(hint.wellFormed()).isTrue();
    }

    @Test
    void a_loosely_written_hint_is_searched_but_not_well_formed() {
        assertThat(CitationHint.parse("A paper introducing “KITTI”.")).satisfies(hint -> {
            assertThat(hint.query()).isEqualTo("KITTI");
            assertThat(hint.wellFormed()).isFalse();
        });
        assertThat(CitationHint.parse("research paper or technical report introducing 'BERT'.").wellFormed())
                .isFalse();
        assertThat(CitationHint.parse("research paper or technical report introducing '' ").wellFormed()).isFalse();
        assertThat(CitationHint.parse("(No Authors)").wellFormed()).isFalse();
        assertThat(CitationHint.parse("the AdamW optimizer")).isEqualTo(new CitationHint.Free("the AdamW optimizer"));
    }
}
