package dev.paperorchestra.runtime.materials;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class LatexTextTest {

    @Test
    void special_characters_are_escaped() {
        assertThat(LatexText.text("50% of A&B_c #1 {x} $5")).isEqualTo("50\\% of A\\&B\\_c \\#1 \\{x\\} \\$5");
    }

    @Test
    void greek_letters_and_comparisons_become_math_that_pdflatex_can_set() {
        assertThat(LatexText.text("δ < 1.25 ↑ and λ > 0")).isEqualTo(
                "$\\delta$ $<$ 1.25 $\\uparrow$ and $\\lambda$ $>$ 0");
    }

    @Test
    void markdown_emphasis_code_and_links_are_converted() {
        assertThat(LatexText.markdown("**best** and *new* `lr_max` [paper](http://x)"))
                .isEqualTo("\\textbf{best} and \\textit{new} \\texttt{lr\\_max} paper");
    }

    @Test
    void inline_math_is_kept_as_written() {
        assertThat(LatexText.markdown("loss $\\mathcal{L}_{ce}$ costs $5 and $10"))
                .isEqualTo("loss $\\mathcal{L}_{ce}$ costs \\$5 and \\$10");
    }

    @Test
    void an_escaped_pipe_of_a_table_cell_is_a_bar() {
        assertThat(LatexText.markdown("a \\| b")).isEqualTo("a $|$ b");
    }

    @Test
    void math_made_of_whitelisted_commands_is_kept() {
        assertThat(LatexText.markdown("with $\\frac{\\alpha}{2} \\leq \\sqrt{x_i^2}$ and $β ≤ 1$"))
                .isEqualTo("with $\\frac{\\alpha}{2} \\leq \\sqrt{x_i^2}$ and $\\beta  \\leq  1$");
    }

    @Test
    void math_carrying_a_primitive_becomes_escaped_text() {
        String rendered = LatexText.markdown("see $x \\immediate\\pdfobj stream file {/etc/passwd} y$ here");

        assertThat(rendered).doesNotContain("\\pdfobj", "\\immediate")
                .contains("\\$x \\textbackslash{}immediate\\textbackslash{}pdfobj stream file \\{/etc/passwd\\} y\\$");
    }

    @Test
    void math_with_character_codes_or_unbalanced_braces_or_unknown_commands_is_text() {
        assertThat(LatexMath.whitelisted("^^5cinput{x}")).isEmpty();
        assertThat(LatexMath.whitelisted("x}\\input{/etc/passwd}{")).isEmpty();
        assertThat(LatexMath.whitelisted("\\input{a}")).isEmpty();
        assertThat(LatexMath.whitelisted("\\csname pdfobj\\endcsname")).isEmpty();
        assertThat(LatexMath.whitelisted("a \\\\ b")).isEmpty();
        assertThat(LatexMath.whitelisted("x % comment")).isEmpty();
        assertThat(LatexMath.whitelisted("\\mathcal{L}_{ce} \\, + 1")).contains("\\mathcal{L}_{ce} \\, + 1");
    }
}
