package dev.paperorchestra.literature.verify;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class TitleSimilarityTest {

    @Test
    void identical_titles_score_100() {
        assertThat(TitleSimilarity.ratio("Deep Residual Learning", "Deep Residual Learning")).isEqualTo(100.0);
    }

    @Test
    void case_and_punctuation_do_not_count() {
        assertThat(TitleSimilarity.ratio("Deep Residual-Learning!", "deep residual learning")).isEqualTo(100.0);
    }

    @Test
    void scores_like_python_levenshtein_ratio() {
        // Levenshtein.ratio("kitten", "sitting") == 0.6153846...: substitutions cost two
        assertThat(TitleSimilarity.ratio("kitten", "sitting")).isCloseTo(61.538, within(0.001));
    }

    @Test
    void unrelated_titles_score_low() {
        assertThat(TitleSimilarity.ratio("Deep Residual Learning for Image Recognition", "Attention Is All You Need"))
                .isLessThan(50.0);
    }
}
