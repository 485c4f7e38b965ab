package dev.paperorchestra.content.integrity;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class NumericFidelityGateTest {

    private static final String LOG = """
            ## Main results

            | Method | RMSE ↓ | δ1 (%) ↑ | Params |
            |---|---|---|---|
            | Baseline | 43.430 | 81.2% | 1,024 |
            | **Ours** | **38.91**† | $85.6 \\pm 0.4$ | 2,048 |
            """;
    private static final String IDEA = "We use a learning rate of 0.001 and a weight decay of 0.05.";

    private static String paper(String body) {
        return "\\documentclass{article}\n\\usepackage{booktabs}\n\\begin{document}\n" + body
                + "\n\\bibliography{references}\n\\end{document}\n";
    }

    @Test
    void a_table_with_decorated_numbers_written_as_logged_passes() {
        String tex = paper("""
                \\begin{table}[t]
                \\begin{tabular}{lccc}
                \\toprule
                Method & RMSE $\\downarrow$ & $\\delta_1$ (\\%) $\\uparrow$ & Params \\\\
                \\midrule
                Baseline & 43.43 & 81.2\\% & 1024 \\\\
                \\textbf{Ours} & \\textbf{38.91}$^\\dagger$ & $85.6 \\pm 0.4$ & 2{,}048 \\\\
                \\bottomrule
                \\end{tabular}
                \\end{table}
                Our method reaches an RMSE of 38.91 and 85.6\\% accuracy with a learning rate of 0.001.
                """).replace("2{,}048", "2,048");

        GateResult result = NumericFidelityGate.check(tex, LOG, IDEA);

        assertThat(result.messages()).isEmpty();
        assertThat(result.passed()).isTrue();
        assertThat(result.checked()).isEqualTo(10);
    }

    /** A unit the log writes as µg/m³ or km² is typeset with an exponent, which is no number of the results. */
    @Test
    void the_exponent_of_a_unit_is_not_a_number() {
        String tex = paper("""
                \\begin{tabular}{lcc}
                Park & NO2 ($\\mu$g/m\\ensuremath{^3}) & Area (km$^{2}$) \\\\
                Baseline & 43.43 & 81.2 \\\\
                \\end{tabular}
                """);

        GateResult result = NumericFidelityGate.check(tex, LOG, IDEA);

        assertThat(result.messages()).isEmpty();
        assertThat(result.checked()).isEqualTo(2);
    }

    @Test
    void a_digit_glued_to_a_math_symbol_is_part_of_a_metric_name() {
        String tex = paper("""
                \\begin{tabular}{lc}
                Method & $\\delta$1 $\\uparrow$ \\\\
                Baseline & 43.43 \\\\
                \\end{tabular}
                """);

        GateResult result = NumericFidelityGate.check(tex, LOG, IDEA);

        assertThat(result.messages()).isEmpty();
        assertThat(result.checked()).isEqualTo(1);
    }

    @Test
    void an_invented_table_number_is_reported_with_its_line() {
        String tex = paper("""
                \\begin{tabular}{lc}
                Baseline & 43.43 \\\\
                Ours & 37.20 \\\\
                \\end{tabular}
                """);

        GateResult result = NumericFidelityGate.check(tex, LOG, IDEA);

        assertThat(result.passed()).isFalse();
        assertThat(result.messages()).singleElement().asString().startsWith("table number 37.20 (line 6)");
    }

    @Test
    void a_computed_improvement_in_the_text_is_reported() {
        String tex = paper("Ours improves RMSE by 4.52 over the baseline, a 10.4\\% relative gain.");

        GateResult result = NumericFidelityGate.check(tex, LOG, IDEA);

        assertThat(result.messages()).hasSize(2);
        assertThat(result.messages()).anySatisfy(finding -> assertThat(finding).contains("4.52"))
                .anySatisfy(finding -> assertThat(finding).contains("10.4"));
    }

    @Test
    void layout_lengths_labels_and_small_integers_in_the_text_are_not_statements() {
        String tex = paper("""
                \\begin{figure}[t]
                \\includegraphics[width=0.48\\linewidth]{figures/fig_2.5d.png}
                \\vspace{-2.5mm}
                \\label{fig:v1.5}
                \\end{figure}
                We train 3 models on 8 GPUs (Figure~\\ref{fig:v1.5}, \\citet{smith2020v2.1}).
                """);

        GateResult result = NumericFidelityGate.check(tex, LOG, IDEA);

        assertThat(result.messages()).isEmpty();
    }

    @Test
    void a_cited_works_result_in_the_introduction_is_not_this_papers_statement() {
        String tex = paper("Prior work reaches 80.1\\% on ImageNet~\\cite{he2016deep}. Ours reaches 12.34\\%.");

        assertThat(NumericFidelityGate.check(tex, LOG, IDEA).messages()).singleElement().asString()
                .contains("12.34");
    }

    @Test
    void numbers_in_the_preamble_and_comments_are_not_checked() {
        String tex = "\\documentclass[10pt]{article}\n\\setlength{\\tabcolsep}{4.5pt}\n\\begin{document}\n"
                + "% draft value 99.99\nText.\n\\end{document}\n";

        assertThat(NumericFidelityGate.check(tex, LOG, IDEA).messages()).isEmpty();
    }
}
