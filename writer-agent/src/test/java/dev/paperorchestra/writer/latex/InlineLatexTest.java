package dev.paperorchestra.writer.latex;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class InlineLatexTest {

    @Test
    void special_characters_are_escaped() {
        assertThat(InlineLatex.text("50% of A&B_c #1 {x} $5")).isEqualTo("50\\% of A\\&B\\_c \\#1 \\{x\\} \\$5");
    }

    @Test
    void greek_letters_and_comparisons_become_math_that_pdflatex_can_set() {
        assertThat(InlineLatex.text("δ < 1.25 ↑ and λ > 0")).isEqualTo(
                "$\\delta$ $<$ 1.25 $\\uparrow$ and $\\lambda$ $>$ 0");
    }

    @Test
    void markdown_emphasis_code_and_links_are_converted() {
        assertThat(InlineLatex.markdown("**best** and *new* `lr_max` [paper](http://x)"))
                .isEqualTo("\\textbf{best} and \\textit{new} \\texttt{lr\\_max} paper");
    }

    @Test
    void inline_math_is_kept_as_written() {
        assertThat(InlineLatex.markdown("loss $\\mathcal{L}_{ce}$ costs $5 and $10"))
                .isEqualTo("loss $\\mathcal{L}_{ce}$ costs \\$5 and \\$10");
    }

    @Test
    void an_escaped_pipe_of_a_table_cell_is_a_bar() {
        assertThat(InlineLatex.markdown("a \\| b")).isEqualTo("a $|$ b");
    }
}
