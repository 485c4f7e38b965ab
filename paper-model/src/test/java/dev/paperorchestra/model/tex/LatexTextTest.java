package dev.paperorchestra.model.tex;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

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

    // hostile (finding 7): control characters in materials text are dropped or mapped, never compiled

    /** Every code point that must not reach TeX: C0 (less tab, LF, CR), DEL, C1, separators, surrogates, ... */
    static Stream<String> hostileControls() {
        return Stream.of("\u0000", "\u0001", "\u0007", "\b", "\u000b", "\f", "\u001b", "\u001c", "\u001d",
                "\u001e", "\u001f", "\u007f", "\u0080", "\u0085", "\u009b", "\u009f", "\u2028", "\u2029",
                "\ud800", "\udfff", "\ufffe", "\uffff", "\ufdd0", "\ufdef", new String(Character.toChars(0x1fffe)),
                new String(Character.toChars(0x10ffff)), "\u202a", "\u202b", "\u202c", "\u202d", "\u202e",
                "\u2066", "\u2067", "\u2068", "\u2069");
    }

    @ParameterizedTest
    @MethodSource("hostileControls")
    void a_control_character_reaches_no_entry_point_output(String control) {
        String hostile = "a" + control + "b";

        for (String out : new String[] {LatexText.escape(hostile), LatexText.text(hostile),
                LatexText.markdown("**" + hostile + "** and `" + hostile + "` and $" + hostile + "$"),
                LatexMath.whitelisted(hostile).orElseThrow(), UnicodeLatex.typesettable(hostile),
                UnicodeLatex.typesettable("% !TEX program = xelatex\n" + hostile)}) {
            assertThat(out).as(out).doesNotContain(control)
                    .matches(text -> text.codePoints().allMatch(LatexTextTest::typesettable), "only typesettable");
        }
        assertThat(LatexText.text(hostile)).isIn("ab", "a b");
        assertThat(LatexText.markdown("**" + hostile + "**")).isIn("\\textbf{ab}", "\\textbf{a b}");
    }

    @Test
    void tabs_become_spaces_and_carriage_returns_newlines() {
        assertThat(LatexText.text("a\tb")).isEqualTo("a b");
        assertThat(LatexText.text("a\r\nb\rc\nd")).isEqualTo("a\nb\nc\nd");
        assertThat(LatexText.escape("x\u2028y\u2029z")).isEqualTo("x y z");
    }

    @Test
    void text_without_control_characters_is_returned_as_it_is() {
        String text = "Tab-free ünïcödé, 𝛼 and emoji 🙂 stay";

        assertThat(LatexText.withoutControls(text)).isSameAs(text);
    }

    private static boolean typesettable(int c) {
        boolean control = c < 0x20 && c != '\n' || c >= 0x7f && c <= 0x9f;
        boolean unpaired = c >= Character.MIN_SURROGATE && c <= Character.MAX_SURROGATE;
        boolean nonCharacter = c >= 0xfdd0 && c <= 0xfdef || (c & 0xfffe) == 0xfffe;
        boolean invisible = c == 0x2028 || c == 0x2029 || c >= 0x202a && c <= 0x202e || c >= 0x2066 && c <= 0x2069;
        return !(control || unpaired || nonCharacter || invisible);
    }
}
