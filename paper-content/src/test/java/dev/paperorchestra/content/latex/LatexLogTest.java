package dev.paperorchestra.content.latex;

import static org.assertj.core.api.Assertions.assertThat;

import dev.paperorchestra.content.latex.LatexIssue.Kind;
import org.junit.jupiter.api.Test;

class LatexLogTest {

    @Test
    void the_page_count_is_read_from_the_output_line() {
        assertThat(LatexLog.parse("Output written on paper.pdf (6 pages, 100405 bytes).\n").pages()).contains(6);
        assertThat(LatexLog.parse("Output written on paper.pdf (1 page, 21981 bytes).\n").pages()).contains(1);
        assertThat(LatexLog.parse("No pages of output.\n").pages()).isEmpty();
    }

    @Test
    void a_warning_wrapped_at_79_characters_is_read_whole() {
        String wrapped = "LaTeX Warning: Citation `a_rather_long_citation_key_that_wraps_2020' on page 1 "
                .substring(0, 79) + "\n" + "undefined on input line 4.\n";
        assertThat(wrapped.indexOf('\n')).isEqualTo(79);

        assertThat(LatexLog.parse(wrapped).warnings()).containsExactly(new LatexIssue(Kind.UNDEFINED_CITATION,
                "Citation `a_rather_long_citation_key_that_wraps_2020' undefined",
                "a_rather_long_citation_key_that_wraps_2020", 4));
    }

    @Test
    void undefined_references_and_overfull_boxes_are_warnings_with_their_lines() {
        LatexLog log = LatexLog.parse("""
                LaTeX Warning: Reference `tab:main' on page 2 undefined on input line 57.
                Overfull \\hbox (12.5pt too wide) in paragraph at lines 80--82
                LaTeX Warning: Reference `tab:main' on page 2 undefined on input line 60.
                """);

        assertThat(log.warnings()).containsExactly(
                new LatexIssue(Kind.UNDEFINED_REFERENCE, "Reference `tab:main' undefined", "tab:main", 57),
                new LatexIssue(Kind.OVERFULL_BOX, "Overfull \\hbox (12.5pt too wide) in paragraph at lines 80--82",
                        null, 80));
    }

    @Test
    void errors_are_the_first_bang_and_file_line_lines_without_the_fatal_summary() {
        LatexLog log = LatexLog.parse("""
                (./paper.tex
                ./paper.tex:12: Undefined control sequence.
                l.12 \\foo
                ./paper.tex:12:  ==> Fatal error occurred, no output PDF file produced!
                """);

        assertThat(log.errors()).containsExactly(new LatexIssue(Kind.ERROR, "Undefined control sequence.", null, 12));
    }

    @Test
    void a_missing_style_file_is_a_missing_package_with_the_line_of_its_context() {
        LatexLog log = LatexLog.parse("""
                ! LaTeX Error: File `cvpr.sty' not found.

                Type X to quit or <RETURN> to proceed,
                or enter new name. (Default extension: sty)

                Enter file name:
                ./paper.tex:3: Emergency stop.
                <read *>

                l.3 \\begin
                """);

        assertThat(log.errors()).containsExactly(new LatexIssue(Kind.MISSING_PACKAGE,
                "LaTeX Error: File `cvpr.sty' not found.", "cvpr.sty", 3));
    }

    @Test
    void a_missing_graphics_file_is_a_missing_file() {
        LatexLog log = LatexLog.parse("""
                ./paper.tex:5: Package pdftex.def Error: File `figures/nope.png' not found: using draft setting.
                """);

        assertThat(log.errors()).singleElement().satisfies(error -> {
            assertThat(error.kind()).isEqualTo(Kind.MISSING_FILE);
            assertThat(error.subject()).isEqualTo("figures/nope.png");
            assertThat(error.line()).isEqualTo(5);
        });
    }

    @Test
    void a_broken_environment_is_an_error_on_its_line() {
        LatexLog log = LatexLog.parse("""
                ./paper.tex:41: LaTeX Error: \\begin{itemize} on input line 38 ended by \\end{enumerate}.
                """);

        assertThat(log.errors()).containsExactly(new LatexIssue(Kind.ERROR,
                "LaTeX Error: \\begin{itemize} on input line 38 ended by \\end{enumerate}.", null, 41));
    }
}
