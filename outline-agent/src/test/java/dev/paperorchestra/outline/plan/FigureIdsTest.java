package dev.paperorchestra.outline.plan;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class FigureIdsTest {

    @Test
    void makes_a_snake_case_id_from_the_caption() {
        assertThat(new FigureIds().next("Ablation of GlimpseDepth components", 0))
                .isEqualTo("fig_ablation_glimpsedepth_components");
    }

    @Test
    void drops_the_word_figure_and_a_table_number() {
        assertThat(new FigureIds().next("Table 3: Figures of merit per Figure", 2)).isEqualTo("fig_s_merit_per");
    }

    @Test
    void keeps_ids_short_on_word_boundaries() {
        String id = new FigureIds()
                .next("RMSE (m) on NYU Depth v2 as a function of the number of sparse measurements", 0);

        assertThat(id).hasSizeLessThanOrEqualTo(FigureIds.MAX_LENGTH).isEqualTo("fig_rmse_m_nyu_depth_v2_as_function");
    }

    @Test
    void transliterates_accents_and_symbols() {
        assertThat(new FigureIds().next("Coût × précision — δ1 ↑", 0)).isEqualTo("fig_cout_precision_1");
    }

    @Test
    void numbers_repeated_captions() {
        FigureIds ids = new FigureIds();

        assertThat(ids.next("Main results", 0)).isEqualTo("fig_main_results");
        assertThat(ids.next("Main results", 1)).isEqualTo("fig_main_results_2");
        assertThat(ids.next("Main results", 2)).isEqualTo("fig_main_results_3");
    }

    @Test
    void falls_back_to_the_table_number_for_a_caption_without_words() {
        assertThat(new FigureIds().next("↑ ↓", 4)).isEqualTo("fig_table_5");
    }
}
