package dev.paperorchestra.model.text;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ProseTest {

    @Test
    void sentences_end_at_stops_before_a_capital_but_not_after_abbreviations_initials_or_in_numbers() {
        assertThat(Prose.sentences("Smith et al. show a gain of 3.5 points (Fig. 2). J. Doe disagrees, e.g. on KITTI! "
                + "Does it hold? \"Yes.\" 42 runs agree.\n\nA new paragraph"))
                .containsExactly("Smith et al. show a gain of 3.5 points (Fig. 2).", "J. Doe disagrees, e.g. on KITTI!",
                        "Does it hold?", "\"Yes.\"", "42 runs agree.", "A new paragraph");
    }

    @Test
    void words_hold_a_letter_or_a_digit() {
        assertThat(Prose.wordCount("We gain 3.5 points -- a lot , really.")).isEqualTo(7);
        assertThat(Prose.wordCount("   ")).isZero();
        assertThat(Prose.words("a -- b")).containsExactly("a", "b");
    }

    @Test
    void plain_words_drop_markdown_and_latex_decorations() {
        assertThat(Prose.plainWords("**Problem Statement**")).isEqualTo("Problem Statement");
        assertThat(Prose.plainWords("\\textbf{Related}  Work")).isEqualTo("Related Work");
        assertThat(Prose.plainWords("snake_case_id")).isEqualTo("snake_case_id");
    }

    @Test
    void a_megabyte_without_a_sentence_end_is_split_in_linear_time() {
        String text = "e.g. ".repeat(200_000) + ". ".repeat(200_000);
        long started = System.nanoTime();
        Prose.sentences(text);
        assertThat((System.nanoTime() - started) / 1_000_000).isLessThan(10_000);
    }
}
