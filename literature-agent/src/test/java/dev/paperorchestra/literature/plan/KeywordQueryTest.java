package dev.paperorchestra.literature.plan;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class KeywordQueryTest {

    @Test
    void keeps_the_named_methods_of_an_instruction_and_drops_the_instruction_and_the_date() {
        assertThat(KeywordQuery.phrases("Find the papers that introduced NLSPN, CSPN and PENet and the closest "
                + "work building on them, published before 2024-11-01.")).containsExactly("NLSPN", "CSPN", "PENet");
    }

    @Test
    void keeps_the_topic_of_a_recent_work_instruction() {
        assertThat(KeywordQuery.phrases("Find the recent technical work on sparse depth completion, published "
                + "before 2024-11-01.")).containsExactly("sparse depth completion");
    }

    @Test
    void drops_table_captions_made_only_of_generic_words() {
        assertThat(KeywordQuery.phrases("Null Set Performance")).isEmpty();
        assertThat(KeywordQuery.phrases("Validation Set")).isEmpty();
        assertThat(KeywordQuery.booleanOr("Validation Set")).isEmpty();
    }

    @Test
    void trims_generic_words_around_a_phrase_and_keeps_dataset_names() {
        assertThat(KeywordQuery.phrases("KITTI depth completion benchmark")).containsExactly(
                "KITTI depth completion benchmark");
        assertThat(KeywordQuery.phrases("adaptive optimisers survey")).containsExactly("adaptive optimisers");
    }

    @Test
    void joins_several_phrases_as_a_boolean_or_with_multi_word_phrases_quoted() {
        assertThat(KeywordQuery.booleanOr("Find the papers that introduced Adam, AdamW and sharpness-aware "
                + "minimization")).isEqualTo("Adam OR AdamW OR \"sharpness-aware minimization\"");
        assertThat(KeywordQuery.booleanOr("residual networks")).isEqualTo("residual networks");
    }

    @Test
    void writes_the_or_of_semantic_scholars_bulk_search_as_a_bar() {
        assertThat(KeywordQuery.s2Bulk("Find the papers that introduced Adam, AdamW and sharpness-aware "
                + "minimization, published before 2024-11-01"))
                .isEqualTo("Adam | AdamW | \"sharpness-aware minimization\"");
        assertThat(KeywordQuery.s2Bulk("Null Set Performance")).isEmpty();
    }

    @Test
    void keeps_at_most_four_phrases() {
        assertThat(KeywordQuery.phrases("A1, B2, C3, D4, E5, F6")).hasSize(KeywordQuery.MAX_PHRASES);
    }
}
