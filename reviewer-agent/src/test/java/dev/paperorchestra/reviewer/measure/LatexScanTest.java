package dev.paperorchestra.reviewer.measure;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class LatexScanTest {

    @Test
    void section_body_runs_to_the_next_section() {
        String tex = "\\section{Method}\nWe fit.\n\\section{Experiments}\nWe test.\n\\end{document}";

        assertThat(LatexScan.sectionBody(tex, "Method")).hasValueSatisfying(body -> assertThat(body).contains("We fit")
                .doesNotContain("We test"));
    }

    @Test
    void a_section_with_only_a_label_has_no_words() {
        String tex = "\\section{Method}\\label{sec:method}\n% to be written\n\\section{Experiments}";

        assertThat(LatexScan.words(LatexScan.sectionBody(tex, "Method").orElseThrow())).isZero();
    }

    @Test
    void finds_references_without_a_label() {
        String tex = "\\label{fig:a} Figure~\\ref{fig:a} and Table~\\ref{tab:b}";

        assertThat(LatexScan.undefinedReferences(tex)).containsExactly("tab:b");
    }

    @Test
    void counts_booktabs_tables_only_when_all_three_rules_are_used() {
        String tex = "\\begin{table}\\toprule a\\midrule b\\bottomrule\\end{table}"
                + "\\begin{table*}\\hline a\\hline\\end{table*}";

        assertThat(LatexScan.tables(tex)).hasSize(2);
        assertThat(LatexScan.tables(tex).stream().filter(LatexScan::isBooktabs)).hasSize(1);
    }
}
