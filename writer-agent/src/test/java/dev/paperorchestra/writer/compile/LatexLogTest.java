package dev.paperorchestra.writer.compile;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class LatexLogTest {

    @Test
    void the_page_count_is_read_from_the_output_line() {
        assertThat(new LatexLog("Output written on paper.pdf (6 pages, 100405 bytes).\n").pages()).contains(6);
        assertThat(new LatexLog("Output written on paper.pdf (1 page, 21981 bytes).\n").pages()).contains(1);
        assertThat(new LatexLog("No pages of output.\n").pages()).isEmpty();
    }

    @Test
    void a_warning_wrapped_at_79_characters_is_read_whole() {
        String wrapped = "LaTeX Warning: Citation `a_rather_long_citation_key_that_wraps_2020' on page 1 "
                .substring(0, 79) + "\n" + "undefined on input line 4.\n";
        assertThat(wrapped.indexOf('\n')).isEqualTo(79);

        assertThat(new LatexLog(wrapped).undefinedCitationsAndReferences())
                .containsExactly("Citation `a_rather_long_citation_key_that_wraps_2020' undefined");
    }

    @Test
    void errors_are_the_first_bang_and_file_line_lines_without_the_fatal_summary() {
        LatexLog log = new LatexLog("""
                (./paper.tex
                ./paper.tex:12: Undefined control sequence.
                l.12 \\foo
                ! LaTeX Error: File `missing.sty' not found.
                ./paper.tex:12:  ==> Fatal error occurred, no output PDF file produced!
                """);

        assertThat(log.errors()).containsExactly("./paper.tex:12: Undefined control sequence.",
                "! LaTeX Error: File `missing.sty' not found.");
    }
}
