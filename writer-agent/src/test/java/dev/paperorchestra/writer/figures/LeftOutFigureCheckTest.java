package dev.paperorchestra.writer.figures;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class LeftOutFigureCheckTest {

    private static final List<LeftOutFigure> LEFT_OUT = List.of(new LeftOutFigure("fig_method_overview",
            "Method overview", "the critic never approved the diagram"));

    private static String paper(String body) {
        return "\\documentclass{article}\n\\begin{document}\n\\section{Method}\n" + body + "\n\\end{document}\n";
    }

    @Test
    void a_reference_to_a_label_made_from_the_left_out_id_is_found_with_its_line() {
        assertThat(LeftOutFigureCheck.findings(paper("As Figure~\\ref{fig:method_overview} shows, it works."),
                LEFT_OUT)).singleElement().asString()
                .startsWith("the text refers to figure fig_method_overview (\"Method overview\"), which was left out")
                .contains("\\ref{fig:method_overview} on line 4");
    }

    @Test
    void the_left_out_file_or_a_sentence_naming_its_title_as_a_figure_is_found() {
        assertThat(LeftOutFigureCheck.findings(paper("\\includegraphics{figures/fig_method_overview.pdf}"), LEFT_OUT))
                .hasSize(1);
        assertThat(LeftOutFigureCheck.findings(paper("The method overview figure summarises the stages."), LEFT_OUT))
                .hasSize(1);
    }

    @Test
    void a_heading_a_comment_or_a_sentence_without_a_figure_word_is_no_reference() {
        assertThat(LeftOutFigureCheck.findings(paper("\\subsection{Method overview}\nThe method overview below "
                + "names three stages.\n% Figure~\\ref{fig:method_overview} was planned here"), LEFT_OUT)).isEmpty();
    }

    @Test
    void a_sentence_about_a_figure_the_paper_has_is_no_reference_even_when_it_shares_the_title() {
        String kept = "\\begin{figure}\\includegraphics{figures/fig_kept.pdf}\\label{fig:fig_kept}\\end{figure}\n";

        assertThat(LeftOutFigureCheck.findings(paper(kept + "Figure~\\ref{fig:fig_kept} draws the method overview."),
                LEFT_OUT)).isEmpty();
        assertThat(LeftOutFigureCheck.findings(paper("Figure~\\ref{fig:missing} draws the method overview."),
                LEFT_OUT)).hasSize(1);
    }

    @Test
    void adds_its_findings_to_the_content_gate() {
        var report = new dev.paperorchestra.content.integrity.GatesReport(List.of(
                new dev.paperorchestra.content.integrity.GateResult(
                        dev.paperorchestra.model.finding.Gate.CONTENT, 9, List.of())));

        var merged = LeftOutFigureCheck.withFindings(report, List.of("mentioned"), 1);

        assertThat(merged.results()).singleElement().satisfies(result -> {
            assertThat(result.findings()).containsExactly("mentioned");
            assertThat(result.checked()).isEqualTo(10);
        });
    }
}
