package dev.paperorchestra.plotting.render;

import static org.assertj.core.api.Assertions.assertThat;

import dev.paperorchestra.plotting.Fixtures;
import org.junit.jupiter.api.Test;

class CaptionsTest {

    @Test
    void says_what_is_plotted_for_each_row_and_not_which_materials_file_holds_it() {
        ChartData data = ChartPlanner.plan(Fixtures.plot("Depth accuracy on NYU Depth v2", "", "4:3"),
                Fixtures.table(0));

        assertThat(Captions.forChart("Depth accuracy on NYU Depth v2", data)).isEqualTo(
                "Depth accuracy on NYU Depth v2: AbsRel and δ1 for each method.");
    }

    @Test
    void a_line_chart_caption_names_the_x_axis() {
        ChartData data = ChartPlanner.plan(Fixtures.plot("Sparsity", "", "4:3"), Fixtures.table(1));

        assertThat(Captions.forChart("Sparsity", data))
                .isEqualTo("Sparsity: Baseline and Ours versus points.");
    }

    @Test
    void has_no_figure_prefix_and_no_markdown() {
        ChartData data = ChartPlanner.plan(Fixtures.plot("x", "", "4:3"), Fixtures.table(0));

        String caption = Captions.forChart("Figure 3: **Depth** _accuracy_ on `NYU` [v2](http://x)", data);

        assertThat(caption).startsWith("Depth accuracy on NYU v2:").doesNotContain("Figure")
                .doesNotContainPattern("[*_`#\\[\\]]");
    }

    @Test
    void keeps_a_title_that_only_starts_with_the_word_figure() {
        assertThat(Captions.plain("Figure-ground separation")).isEqualTo("Figure-ground separation");
    }

    @Test
    void makes_a_caption_from_an_author_file_name() {
        assertThat(Captions.fromFileName("fig2_qualitative-results.png")).isEqualTo("Qualitative results.");
        assertThat(Captions.fromFileName("TeaserImage.pdf")).isEqualTo("Teaser image.");
    }
}
