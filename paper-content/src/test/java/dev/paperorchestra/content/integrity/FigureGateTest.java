package dev.paperorchestra.content.integrity;

import static org.assertj.core.api.Assertions.assertThat;

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
