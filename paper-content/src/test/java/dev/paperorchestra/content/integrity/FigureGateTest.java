package dev.paperorchestra.content.integrity;

import static org.assertj.core.api.Assertions.assertThat;

import dev.paperorchestra.model.finding.Finding;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class FigureGateTest {

    private static final List<String> FIGURES = List.of("fig_sweep.pdf");
    private static final Set<String> FILES = Set.of("fig_sweep.pdf");

    private static String figure(String file, String label) {
        return "\\begin{figure}[t]\n\\centering\n\\includegraphics[width=\\linewidth]{" + file + "}\n"
                + "\\caption{Sweep.}\n" + label + "\n\\end{figure}\n";
    }

    private static String paper(String method, String conclusion, String appendix) {
        return "\\begin{document}\n\\section{Method}\nAs Figure~\\ref{fig:sweep} shows.\n" + method
                + "\\section{Conclusion}\nDone.\n" + conclusion + "\\bibliography{references}\n" + appendix
                + "\\end{document}\n";
    }

    @Test
    void a_figure_included_once_referenced_and_before_the_conclusion_passes() {
        String tex = paper(figure("figures/fig_sweep.pdf", "\\label{fig:sweep}"), "", "");

        assertThat(FigureGate.check(tex, FIGURES, FILES).messages()).isEmpty();
    }

    @Test
    void a_figure_in_the_appendix_may_follow_the_conclusion() {
        String tex = paper("", "", "\\appendix\n" + figure("figures/fig_sweep.pdf", "\\label{fig:sweep}"));

        assertThat(FigureGate.check(tex, FIGURES, FILES).messages()).isEmpty();
    }

    @Test
    void a_missing_figure_is_reported() {
        assertThat(FigureGate.check(paper("", "", ""), FIGURES, FILES).messages()).singleElement().asString()
                .startsWith("figures/fig_sweep.pdf is not included");
    }

    @Test
    void a_figure_under_another_name_is_reported_as_not_exact() {
        String tex = paper(figure("figures/fig_sweep.png", "\\label{fig:sweep}"), "", "");

        assertThat(FigureGate.check(tex, FIGURES, FILES).messages())
                .anySatisfy(finding -> assertThat(finding).contains("under its exact name"))
                .anySatisfy(finding -> assertThat(finding).contains("names a file that does not exist"));
    }

    /**
     * acmart's sample teaser includes the kit's own sampleteaser.pdf, which lies beside paper.tex at the compile:
     * the file exists, with or without its extension; a name the kit does not hold still does not.
     */
    @Test
    void a_file_of_the_templates_kit_counts_as_present() {
        String teaser = "\\begin{teaserfigure}\\includegraphics[width=\\textwidth]{sampleteaser}\\caption{Seattle "
                + "Mariners at Spring Training, 2010.}\\end{teaserfigure}\n";
        String tex = paper(figure("figures/fig_sweep.pdf", "\\label{fig:sweep}"), "", "").replace("\\begin{document}\n",
                "\\begin{document}\n" + teaser);

        assertThat(FigureGate.check(tex, FIGURES, FILES, Set.of("acmart.cls", "sampleteaser.pdf")).messages())
                .isEmpty();
        assertThat(FigureGate.check(tex.replace("{sampleteaser}", "{sampleteaser.pdf}"), FIGURES, FILES,
                Set.of("sampleteaser.pdf")).messages()).isEmpty();
        assertThat(FigureGate.check(tex, FIGURES, FILES, Set.of()).findings()).extracting(Finding::rule)
                .containsExactly("figure.file-missing");
        assertThat(FigureGate.check(tex.replace("{sampleteaser}", "{sampleteaser.png}"), FIGURES, FILES,
                Set.of("sampleteaser.pdf")).findings()).extracting(Finding::rule).containsExactly("figure.file-missing");
    }

    @Test
    void a_figure_included_twice_is_reported() {
        String twice = figure("figures/fig_sweep.pdf", "\\label{fig:sweep}") + figure("figures/fig_sweep.pdf", "");

        assertThat(FigureGate.check(paper(twice, "", ""), FIGURES, FILES).messages()).singleElement().asString()
                .contains("included 2 times");
    }

    @Test
    void an_unreferenced_figure_is_reported() {
        String tex = paper(figure("figures/fig_sweep.pdf", "\\label{fig:other}"), "", "");

        assertThat(FigureGate.check(tex, FIGURES, FILES).messages()).singleElement().asString()
                .contains("never referenced");
    }

    @Test
    void a_figure_after_the_conclusion_is_reported() {
        String tex = paper("", figure("figures/fig_sweep.pdf", "\\label{fig:sweep}"), "");

        assertThat(FigureGate.check(tex, FIGURES, FILES).messages()).singleElement().asString()
                .contains("after the conclusion");
    }
}
