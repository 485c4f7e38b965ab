package dev.paperorchestra.writer.latex;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class TitleLineTest {

    private static final String DOCUMENT = "\\documentclass{article}\n\\title{%s}\n\\author{Anonymous}\n"
            + "\\begin{document}\n\\maketitle\n\\end{document}\n";

    @ParameterizedTest
    @ValueSource(strings = {"Title", "", "  ", "Paper Title", "Your title here", "\\LaTeX\\ Author Guidelines for CVPR",
            "Formatting Instructions for ICLR 2025 \\\\ Conference Submissions", "TODO"})
    void a_placeholder_title_is_replaced(String placeholder) {
        String tex = TitleLine.apply(DOCUMENT.formatted(placeholder), "GlimpseDepth: Depth from Glimpses");

        assertThat(tex).contains("\\title{GlimpseDepth: Depth from Glimpses}\n\\author{Anonymous}");
    }

    @Test
    void a_real_title_is_kept() {
        String document = DOCUMENT.formatted("Seeing Depth in {Glimpses}");

        assertThat(TitleLine.apply(document, "Other")).isEqualTo(document);
    }

    @Test
    void a_missing_title_is_added_to_the_preamble() {
        String tex = TitleLine.apply("\\documentclass{article}\n\\begin{document}\n\\end{document}\n", "Concord");

        assertThat(tex).isEqualTo("\\documentclass{article}\n\\title{Concord}\n\\begin{document}\n\\end{document}\n");
    }

    @Test
    void without_a_new_title_the_document_is_unchanged() {
        String document = DOCUMENT.formatted("Title");

        assertThat(TitleLine.apply(document, null)).isEqualTo(document);
    }

    @Test
    void a_commented_out_title_is_not_the_title() {
        String tex = TitleLine.apply("\\documentclass{article}\n% \\title{Old}\n\\title{Title}\n\\begin{document}\n"
                + "\\end{document}\n", "New");

        assertThat(tex).contains("% \\title{Old}\n\\title{New}\n");
    }
}
