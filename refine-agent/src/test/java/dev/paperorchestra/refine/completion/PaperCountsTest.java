package dev.paperorchestra.refine.completion;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class PaperCountsTest {

    @Test
    void counts_what_the_final_paper_holds_and_not_what_is_commented_out() {
        String tex = """
                \\begin{document}
                \\begin{table}\\caption{A}\\end{table}
                \\begin{table*}\\caption{B}\\end{table*}
                % \\begin{table}\\caption{dropped}\\end{table}
                \\begin{figure}\\includegraphics{figures/a.pdf}\\end{figure}
                As shown by \\cite{x2020,y2021} and \\citep{x2020}.
                \\end{document}
                """;

        assertThat(PaperCounts.of(tex)).isEqualTo(new PaperCounts(2, 1, 2));
    }
}
