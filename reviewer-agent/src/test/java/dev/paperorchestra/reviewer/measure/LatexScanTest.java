package dev.paperorchestra.reviewer.measure;

import static org.assertj.core.api.Assertions.assertThat;

import dev.paperorchestra.model.tex.TexDocument;
import org.junit.jupiter.api.Test;

class LatexScanTest {

    @Test
    void section_body_runs_to_the_next_section() {
        TexDocument tex = TexDocument.parse("\\section{Method}\nWe fit.\n\\section{Experiments}\nWe test.\n"
                + "\\end{document}");

        assertThat(LatexScan.section(tex, "Method")).hasValueSatisfying(method -> assertThat(tex.text(method.body()))
                .contains("We fit").doesNotContain("We test"));
        assertThat(LatexScan.section(tex, "3. method")).as("numbering and case aside").isPresent();
    }

    @Test
    void a_section_with_only_a_label_a_comment_or_a_float_has_no_words() {
        TexDocument tex = TexDocument.parse("\\section{Method}\\label{sec:method}\n% to be written\n"
                + "\\begin{figure}\\caption{An overview.}\\end{figure}\n\\section{Experiments}");

        assertThat(LatexScan.words(tex, LatexScan.section(tex, "Method").orElseThrow().body())).isZero();
    }

    @Test
    void finds_references_without_a_label() {
        TexDocument tex = TexDocument.parse("\\label{fig:a} Figure~\\ref{fig:a} and Table~\\ref{tab:b} % \\ref{tab:c}");

        assertThat(LatexScan.undefinedReferences(tex)).containsExactly("tab:b");
    }

    @Test
    void counts_booktabs_tables_only_when_all_three_rules_are_used() {
        TexDocument tex = TexDocument.parse("\\begin{table}\\toprule a\\midrule b\\bottomrule\\end{table}"
                + "\\begin{table*}\\hline a\\hline\\end{table*}");

        assertThat(LatexScan.tables(tex)).hasSize(2);
        assertThat(LatexScan.tables(tex).stream().filter(table -> LatexScan.isBooktabs(tex, table))).hasSize(1);
    }

    @Test
    void todo_markers_and_question_marks_are_counted_outside_comments() {
        TexDocument tex = TexDocument.parse("TODO: cite. \\todo{check} Table ?? shows it. TBD.\n% TODO later ??");

        assertThat(LatexScan.todoMarkers(tex)).isEqualTo(3);
        assertThat(LatexScan.doubleQuestionMarks(tex)).isEqualTo(1);
    }
}
